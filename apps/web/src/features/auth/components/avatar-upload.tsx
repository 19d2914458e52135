import { Avatar, Button, Progress, Upload, type UploadProps } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, authMessages, type Profile } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { accountApi, accountKeys } from '../api/account-api';
import { notifier } from '@/shared/lib/notifier';
import { StoredImg } from '@/shared/ui/stored-img';

const ACCEPTED = AVATAR_ACCEPT.split(',');

/** Checks type and size before sending; the server checks the content again. Returns the Chinese reason or null. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!ACCEPTED.includes(file.type)) return authMessages.avatarBadType;
  if (file.size > AVATAR_MAX_BYTES) return authMessages.avatarTooLarge;
  return null;
}

/** Avatar with an upload button: antd Upload + customRequest through the API client, progress from axios. */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);

  const customRequest: UploadProps['customRequest'] = async ({ file, onProgress, onSuccess, onError }) => {
    setPercent(0);
    try {
      const data = await accountApi.uploadAvatar(file as Blob, (p) => {
        setPercent(p);
        onProgress?.({ percent: p });
      });
      queryClient.setQueryData<Profile>(accountKeys.profile, (old) =>
        old ? { ...old, avatar: data.avatar } : old,
      );
      void useSessionStore.getState().loadCurrentUser();
      onSuccess?.(data);
      notifier.success(authMessages.avatarUploaded);
    } catch (err) {
      onError?.(err as Error);
      notifier.error(err instanceof Error && err.message ? err.message : '头像上传失败');
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="avatar-upload">
      <Avatar size={88} src={avatar ? <StoredImg src={avatar} sizes="88px" alt="头像" /> : undefined} icon={<UserOutlined aria-hidden="true" />} alt="头像" />
      <div className="avatar-upload__side">
        <Upload
          accept={AVATAR_ACCEPT}
          showUploadList={false}
          maxCount={1}
          customRequest={customRequest}
          beforeUpload={(file) => {
            const problem = avatarFileProblem(file);
            if (problem) {
              notifier.error(problem);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {avatar ? '更换头像' : '上传头像'}
          </Button>
        </Upload>
        {percent !== null ? (
          <Progress
            percent={percent}
            size="small"
            className="avatar-upload__progress"
            aria-label="上传进度"
          />
        ) : (
          <div className="avatar-upload__hint">支持PNG、JPG、GIF、WebP格式，不超过2MB</div>
        )}
      </div>
    </div>
  );
}
