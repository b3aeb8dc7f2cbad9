import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface PostDirectUseProps {
  onUse: () => void;
  isSharing: boolean;
  disabled: boolean;
}

/** SPEC 5: a post with a template, no placeholders and at most one creative is shared in one tap. */
export function PostDirectUse({ onUse, isSharing, disabled }: PostDirectUseProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-brand p-4 text-brand-contrast sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex items-start gap-3">
        <Zap aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-bold">{t('post.directUseTitle')}</p>
          <p className="text-sm">{t('post.directUseText')}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        onClick={onUse}
        isLoading={isSharing}
        disabled={disabled}
        className="shrink-0 border-transparent"
      >
        {t('post.useThisPost')}
      </Button>
    </div>
  );
}
