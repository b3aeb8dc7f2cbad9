import type { SocialChannel } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../lib/copy';
import { openExternalUrl } from '../../../lib/native/browser';
import { canShareNatively, shareNatively } from '../../../lib/native/share';
import { showToast } from '../../../lib/toast';
import { createShare, type Share } from '../api/create-share';
import { activitySharesKey } from '../api/get-activity-shares';
import { composeShareText, getShareTarget } from '../utils/share-target';

/**
 * "Share" (NOTES: networks take little or no prefilled text, so the text is copied first): get the
 * member's tracked link, copy text and link, then the share sheet where there is one, otherwise the
 * network's share page in a new tab. The last share is kept for the "Mark as shared" step; the server keeps it
 * too (a re-share of the same network answers the same link).
 */
export function useShareFlow(userId: string, activityId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [share, setShare] = useState<Share | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { channel: SocialChannel; text: string }) => createShare(activityId, input),
    // The link is kept on the server (one per network): the pending confirmation outlives a reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activitySharesKey(userId, activityId) });
      void queryClient.invalidateQueries({ queryKey: [userId, 'api/shares'] });
    },
  });

  async function start(channel: SocialChannel, text: string): Promise<void> {
    let created: Share;
    try {
      created = await mutation.mutateAsync({ channel, text });
    } catch {
      return; // The error is shown next to the buttons.
    }
    setShare(created);
    await copyWithToast(composeShareText(created.text, created.url), t('post.copyWithLinkLabel'));
    if (canShareNatively()) {
      const result = await shareNatively({ text: created.text, url: created.url });
      if (result !== 'unavailable') return;
    }
    const target = getShareTarget(channel, created.text, created.url);
    if (target.kind === 'app') {
      showToast(t('post.pasteInto', { channel: t(`channels.${channel}`) }), { duration: 'long' });
    }
    // A blocked popup is fine: the next step offers the same page as a link.
    openExternalUrl(target.url);
  }

  return {
    share,
    start,
    isSharing: mutation.isPending,
    error: mutation.error,
  };
}
