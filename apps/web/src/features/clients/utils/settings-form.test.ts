import type { AdminClientSettings } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { findServerField, toChangeRequest, toFormValues } from './settings-form';

const settings: AdminClientSettings = {
  name: 'Demo',
  image_url: null,
  home_image_url: null,
  favicon_url: null,
  primary_color: '#007E97',
  secondary_color: '#6BF15C',
  project: { singular: 'Project', plural: 'Projects' },
  team: { singular: 'Team', plural: 'Teams' },
  role_labels: { user: '', lead: '', teamLead: '', admin: '', teamAdmin: '' },
  terms_url: '',
  features: ['community'],
  channels: ['linkedin'],
  white_label: false,
  community_variant: 'full',
  paused: false,
  pause_override: [],
};

describe('toChangeRequest', () => {
  it('sends only changed settings, whole objects and arrays when any part changed', () => {
    const values = { ...toFormValues(settings), name: 'Demo Co' };
    values.project.plural = 'Campaigns';
    values.features = ['community', 'chat'];
    const body = toChangeRequest(values, {
      name: true,
      project: { plural: true },
      features: [false, true],
      role_labels: { user: false },
    });
    expect(body).toEqual({
      name: 'Demo Co',
      project: { singular: 'Project', plural: 'Campaigns' },
      features: ['community', 'chat'],
    });
  });
});

describe('findServerField', () => {
  it('reads the field path of a server message', () => {
    expect(findServerField('project.singular: must not be empty')).toEqual({
      field: 'project.singular',
      message: 'must not be empty',
    });
    expect(findServerField('features.1: must be among open, chat')).toEqual({
      field: 'features',
      message: 'must be among open, chat',
    });
    expect(findServerField('image_url: must be an image uploaded to this app')?.field).toBe('image_url');
    expect(findServerField('Unrecognized key: "id"')).toBeNull();
    expect(findServerField('owner: nope')).toBeNull();
  });
});
