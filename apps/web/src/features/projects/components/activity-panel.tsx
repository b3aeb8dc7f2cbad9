import type { ActivityDetail } from '../api/get-activity';
import { ContentSubmission } from './content-submission';
import { GeneralParticipation } from './general-participation';
import { PostTool } from './post-tool';
import { TrainingActivity } from './training-activity';

export interface ActivityPanelProps {
  userId: string;
  activity: ActivityDetail;
  /** The member may take part now (the server's answer, or a rejected submission to send again). */
  canAct: boolean;
  /** Points to celebrate in the done state. */
  points: number;
  onDone: (points: number) => void;
}

/** What the member does, by activity type. */
export function ActivityPanel(props: ActivityPanelProps) {
  const { content } = props.activity;
  switch (content.type) {
    case 'social_post':
      return <PostTool {...props} content={content} />;
    case 'general_participation':
      return <GeneralParticipation {...props} content={content} />;
    case 'content_submission':
      return <ContentSubmission {...props} content={content} />;
    case 'training':
      return <TrainingActivity {...props} content={content} />;
  }
}
