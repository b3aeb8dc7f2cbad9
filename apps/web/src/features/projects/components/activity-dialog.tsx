import type { AdminActivity, User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { useCreateActivity } from '../api/create-activity';
import { useUpdateActivity } from '../api/update-activity';
import { type ActivityFormValues, toActivityRequest } from '../utils/activity-form';
import { ActivityForm } from './activity-form';

interface ActivityDialogProps {
  user: User;
  projectId: string;
  /** The activity to edit, or null to add one. */
  activity: AdminActivity | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Add or edit an activity in a dialog; Save sends the whole activity. */
export function ActivityDialog({ user, projectId, activity, isOpen, onClose }: ActivityDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateActivity(user.id);
  const update = useUpdateActivity(user.id);
  const mutation = activity ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const handleClose = () => !mutation.isPending && close();
  const handleSubmit = (values: ActivityFormValues) => {
    const body = toActivityRequest(values);
    const onSuccess = () => {
      showToast(
        t(activity ? 'adminProjects.activityForm.saved' : 'adminProjects.activityForm.created', {
          title: body.title,
        }),
        {
          tone: 'success',
        },
      );
      close();
    };
    if (activity) update.mutate({ id: activity.id, body }, { onSuccess });
    else create.mutate({ projectId, body }, { onSuccess });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      size="lg"
      title={t(activity ? 'adminProjects.activityForm.editTitle' : 'adminProjects.activityForm.createTitle')}
      closeLabel={t('adminProjects.close')}
      footer={
        <>
          <Button variant="secondary" onClick={handleClose}>
            {t('adminProjects.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {t('adminProjects.save')}
          </Button>
        </>
      }
    >
      {isOpen && (
        <ActivityForm
          key={activity?.id ?? 'new'}
          id={formId}
          user={user}
          activity={activity}
          onSubmit={handleSubmit}
          serverError={mutation.error}
        />
      )}
    </Modal>
  );
}
