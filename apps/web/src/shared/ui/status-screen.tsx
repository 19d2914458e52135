import type { ReactNode } from 'react';
import './status-screen.css';

/** Layout shared by the not-found, under-construction and error screens. */
export function StatusScreen(props: {
  illustration: ReactNode;
  title: string;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="status-screen" aria-labelledby="status-screen-title">
      <div className="status-screen__art">{props.illustration}</div>
      <h1 id="status-screen-title" className="status-screen__title">
        {props.title}
      </h1>
      <div className="status-screen__desc">{props.description}</div>
      <div className="status-screen__actions">{props.actions}</div>
    </section>
  );
}
