import { describe, expect, it } from 'vitest';
import {
  collectTags,
  findPlaceholderProblems,
  insertAtCursor,
  nameFromFileName,
  nextPlaceholderId,
  parseTags,
  renamePlaceholder,
} from './template-text';

describe('insertAtCursor', () => {
  it('inserts at the cursor and moves the cursor after the insertion', () => {
    expect(insertAtCursor('Hello !', 6, 6, '[[name]]')).toEqual({ text: 'Hello [[name]]!', cursor: 14 });
  });

  it('replaces the selection', () => {
    expect(insertAtCursor('Hello you!', 6, 9, '[[name]]')).toEqual({ text: 'Hello [[name]]!', cursor: 14 });
  });

  it('appends when there is no known cursor, and clamps out-of-range positions', () => {
    expect(insertAtCursor('Hi', null, null, ' [[x]]')).toEqual({ text: 'Hi [[x]]', cursor: 8 });
    expect(insertAtCursor('Hi', 10, 2, '!')).toEqual({ text: 'Hi!', cursor: 3 });
  });
});

describe('placeholders', () => {
  it('renames every marker of a placeholder', () => {
    expect(renamePlaceholder('[[a]] and [[a]], not [[ab]]', 'a', 'city')).toBe(
      '[[city]] and [[city]], not [[ab]]',
    );
    expect(renamePlaceholder('[[a]]', 'a', '')).toBe('[[a]]');
  });

  it('suggests the first free id', () => {
    expect(nextPlaceholderId([])).toBe('placeholder_1');
    expect(nextPlaceholderId(['placeholder_1', 'placeholder_3'])).toBe('placeholder_2');
  });

  it('finds undefined, unused and duplicate placeholders', () => {
    expect(findPlaceholderProblems('Hi [[name]] at [[company]]', ['name', 'city', 'city'])).toEqual({
      undefinedIds: ['company'],
      unusedIds: ['city'],
      duplicateIds: ['city'],
    });
    expect(findPlaceholderProblems('Hi [[name]]', ['name'])).toEqual({
      undefinedIds: [],
      unusedIds: [],
      duplicateIds: [],
    });
  });
});

describe('tags and names', () => {
  it('parses comma-separated tags', () => {
    expect(parseTags('summer, launch ,, Summer')).toEqual(['summer', 'launch']);
    expect(parseTags('  ')).toEqual([]);
  });

  it('collects the tags of items, sorted', () => {
    expect(collectTags([{ tags: ['b', 'a'] }, { tags: ['A', 'c'] }])).toEqual(['a', 'b', 'c']);
  });

  it('names a creative after its file', () => {
    expect(nameFromFileName('spring-banner_v2.png')).toBe('spring banner v2');
    expect(nameFromFileName('clip.final.mp4')).toBe('clip.final');
  });
});
