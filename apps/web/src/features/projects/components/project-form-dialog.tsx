import type { AdminProject, User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';
import type { ProjectFormValues } from '../utils/project-form';
import { toProjectRequest } from '../utils/project-form';
import { ProjectForm } from './project-form';

interface ProjectFormDialogProps {
  user: User;
  /** The project to edit, or null to create one. */
  project: AdminProject | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved?: (project: AdminProject) => void;
}

/** Create or edit a project in a dialog; Save sends the whole project. */
export function ProjectFormDialog({ user, project, isOpen, onClose, onSaved }: ProjectFormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateProject(user.id);
  const update = useUpdateProject(user.id);
  const mutation = project ? update : create;

  const handleClose = () => {
    if (mutation.isPending) return;
    create.reset();
    update.reset();
    onClose();
  };
  const handleSubmit = (values: ProjectFormValues) => {
    const body = toProjectRequest(values);
    const onSuccess = ({ project: saved }: { project: AdminProject }) => {
      showToast(
        t(project ? 'adminProjects.form.saved' : 'adminProjects.form.created', { name: saved.name }),
        {
          tone: 'success',
        },
      );
      onClose();
      onSaved?.(saved);
    };
    if (project) update.mutate({ id: project.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      title={t(project ? 'adminProjects.form.editTitle' : 'adminProjects.form.createTitle')}
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
        <ProjectForm
          id={formId}
          user={user}
          project={project}
          onSubmit={handleSubmit}
          serverError={mutation.error}
        />
      )}
    </Modal>
  );
}
