import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Markdown } from '../../../components/ui/markdown';
import type { ContentOf } from '../api/get-activity';

/** The training itself: its rich text (Markdown), a video and a PDF. */
export function TrainingContent({ content }: { content: ContentOf<'training'> }) {
  const { t } = useTranslation();
  const hasText = content.body.trim() !== '';
  if (!hasText && !content.video_url && !content.pdf_url) return null;
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      {content.video_url && (
        // biome-ignore lint/a11y/useMediaCaption: training videos are uploaded without caption tracks
        <video
          src={content.video_url}
          controls
          preload="metadata"
          aria-label={t('training.video')}
          className="aspect-video w-full rounded-xl bg-black"
        />
      )}
      {hasText && <Markdown text={content.body} className="max-w-prose" />}
      {content.pdf_url && (
        <a
          href={content.pdf_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
        >
          <FileText aria-hidden className="size-4" />
          {t('training.openPdf')}
        </a>
      )}
    </Card>
  );
}
