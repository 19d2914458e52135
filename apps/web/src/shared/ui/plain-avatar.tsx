import { StoredImg } from './stored-img';
import './plain-avatar.css';

export interface PlainAvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  /** Round for a person, square (rounded corners) for an organisation's logo. */
  shape?: 'circle' | 'square';
  /** Characters of the name shown when there is no picture. */
  letters?: number;
  /** The picture's description; the name by default. */
  alt?: string;
  className?: string;
}

/** A person's photo or an organisation's logo, or the start of the name on a tint when there is none (antd's Avatar look). */
export function PlainAvatar({
  name,
  src,
  size = 40,
  shape = 'circle',
  letters = 1,
  alt,
  className,
}: PlainAvatarProps) {
  const classes = ['plain-avatar', shape === 'square' ? 'plain-avatar--square' : '', className ?? ''];
  const box = { width: size, height: size, fontSize: Math.round(size * (letters > 1 ? 0.32 : 0.4)) };
  return src ? (
    <StoredImg
      className={classes.join(' ')}
      src={src}
      sizes={`${size}px`}
      alt={alt ?? name}
      width={size}
      height={size}
      style={box}
    />
  ) : (
    <span className={[...classes, 'plain-avatar--letter'].join(' ')} style={box} aria-hidden="true">
      {name.slice(0, letters)}
    </span>
  );
}
