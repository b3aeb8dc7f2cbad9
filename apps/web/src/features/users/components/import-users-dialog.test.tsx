import { type UserImport, UserImportResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ImportUsersDialog } from './import-users-dialog';

const admin = buildUser({ role: 'ADMIN' });
const CSV =
  'email,role\nana@example.test,USER\nnot-an-email,USER\nbo@example.test,OWNER\nmember@example.test,\n';
const started: UserImport = {
  id: testId(900),
  status: 'running',
  step: 'check',
  percent: 0,
  rows: 4,
  invited: [],
  skipped: [],
  errors: [],
  error: null,
};
const finished: UserImport = {
  ...started,
  status: 'done',
  step: 'email',
  percent: 100,
  invited: [{ row: 2, email: 'ana@example.test', user_id: testId(901) }],
  skipped: [{ row: 5, email: 'member@example.test', reason: 'already_member' }],
  errors: [
    { row: 3, column: 'email', message: 'Email must be a valid email address' },
    { row: 4, column: 'role', message: 'role must be one of USER, ANALYST, ADMIN' },
  ],
};

const csvFile = (text = CSV) => new File([text], 'people.csv', { type: 'text/csv' });

describe('import users dialog', () => {
  it('sends the CSV, follows the import and lists each row it could not take', async () => {
    server.use(
      http.post('/api/admin/users/imports', () =>
        answer(UserImportResponseSchema, { import: started }, { status: 202 }),
      ),
      http.get('/api/admin/users/imports/:id', () => answer(UserImportResponseSchema, { import: finished })),
    );
    const { user } = renderWithProviders(<ImportUsersDialog viewer={admin} onClose={() => {}} />, {
      session: admin,
    });
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const table = await screen.findByRole('table', { name: 'Rows not imported' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['3', 'email', 'Email must be a valid email address'],
      ['4', 'role', 'role must be one of USER, ANALYST, ADMIN'],
    ]);
    expect(screen.getByText('Invited 1, already there 1, rows with a problem 2.')).toBeInTheDocument();
    expect(screen.getByText('Row 5: member@example.test is already a member')).toBeInTheDocument();
    expect(screen.getByText('ana@example.test')).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/admin/users/imports')).toEqual([CSV]);
  });

  it("shows the server's message for a file it refuses, and asks for a file first", async () => {
    server.use(http.post('/api/admin/users/imports', () => failure(400, 'file needs an email column')));
    const { user } = renderWithProviders(<ImportUsersDialog viewer={admin} onClose={() => {}} />, {
      session: admin,
    });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Choose a CSV file')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('name\nAna\n'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('file needs an email column');
  });
});
