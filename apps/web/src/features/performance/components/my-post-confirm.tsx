import type { MyPost } from '@rally/shared';
import { CheckCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PostUrlField, usePostUrl } from '../../../components/ui/post-url-field';
import { showToast } from '../../../lib/toast';
import { useConfirmShare } from '../api/confirm-share';

/** Confirms a pending share from My Posts: the post's link (optional), then the points it earned. */
export function MyPostConfirm({
  userId,
  post,
  onClose,
}: {
  userId: string;
  post: MyPost;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const postUrl = usePostUrl();
  const confirm = useConfirmShare(userId);
  const formId = `confirm-${post.id}`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const url = postUrl.parse();
    if (url === null) return;
    confirm.mutate(
      { shareId: post.id, postUrl: url },
      {
        onSuccess: (result) => {
          const points = result.points_awarded;
          showToast(points > 0 ? t('myPosts.confirmed', { count: points }) : t('myPosts.confirmedNoPoints'), {
            tone: 'success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('myPosts.confirmTitle')}
      description={t('myPosts.confirmText', { channel: t(`channels.${post.channel}`) })}
      closeLabel={t('myPosts.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('myPosts.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={confirm.isPending}>
            <CheckCheck aria-hidden className="size-4" />
            {t('myPosts.confirmSubmit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-3">
        <PostUrlField state={postUrl} label={t('myPosts.postUrl')} hint={t('myPosts.postUrlHint')} />
        {confirm.isError && <Alert tone="error">{confirm.error.message}</Alert>}
      </form>
    </Modal>
  );
}
