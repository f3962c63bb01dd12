import type { UserRecord } from '@core/api/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../api/client';
import { initialState, signedOutExtraData, useAppStore } from '../../app/store';
import { loadSubjectDetails, selectSubmodule } from './model';
import {
  completeSubmodule,
  flushProgress,
  loadCourseProgress,
  OUTBOX_KEY,
  RETRY_BASE_MS,
  readOutbox,
  resetProgressSync,
} from './service';
import { courseFixture, progressFixture, subjectFixture } from './testData';

const record = (progress = progressFixture([], 3), extra: Partial<UserRecord> = {}): UserRecord => ({
  ...signedOutExtraData(),
  exams_available: 1,
  tutorials_available: 1,
  progress,
  ...extra,
});

/** A signed-in free student studying lesson 1, submodule 1 of the fixture subject. */
function studying(progress = progressFixture([], 3)) {
  const course = selectSubmodule(
    loadSubjectDetails(courseFixture({ progress }), subjectFixture({ locked: [4, 5] })),
    { lessonIndex: 0, submoduleIndex: 0 },
  );
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'camila', userId: 'sub-1' }, isSigned: true, fetchPending: false },
    onboarding: { course: 'paes' },
    course,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetProgressSync();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saving progress', () => {
  it('keeps a completion locally when the save fails and retries until the server takes it', async () => {
    studying();
    const saved = record(progressFixture([[1, 1]], 2));
    const save = vi
      .spyOn(api, 'saveProgress')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(503, 'no disponible', null))
      .mockResolvedValueOnce(saved);

    await completeSubmodule();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1]).toBe('paes');
    // The completion is in the store and in the outbox.
    expect(useAppStore.getState().course.progress.maxLessonsAvailable).toBe(2);
    expect(readOutbox()?.progress.subjects[0]?.lessons[0]?.submodules).toEqual([
      { id: 'l1-s1', complete: true },
    ]);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '{}').owner).toBe('sub-1');

    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(readOutbox()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 2);
    expect(save).toHaveBeenCalledTimes(3);
    expect(readOutbox()).toBeNull();
    expect(useAppStore.getState().course.progress).toMatchObject({
      maxLessonsAvailable: 2,
      subjects: [{ id: 'algebra', lessons: [{ id: 'l1', submodules: [{ id: 'l1-s1', complete: true }] }] }],
    });
  });

  it('retries when the browser comes back online', async () => {
    studying();
    const save = vi
      .spyOn(api, 'saveProgress')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(record(progressFixture([[1, 1]], 2)));
    await completeSubmodule();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(readOutbox()).toBeNull();
  });

  it('keeps what another tab saved when the server answers', async () => {
    studying();
    const fromServer = progressFixture(
      [
        [1, 1],
        [2, 1],
      ],
      1,
    );
    vi.spyOn(api, 'saveProgress').mockResolvedValue(record(fromServer));
    await completeSubmodule();
    const lessons = useAppStore.getState().course.progress.subjects[0]?.lessons.map((l) => l.id);
    expect(lessons).toEqual(['l1', 'l2']);
    expect(useAppStore.getState().course.progress.maxLessonsAvailable).toBe(1);
    expect(useAppStore.getState().course.subjectDetails?.lessons[1]?.submodules[0]?.complete).toBe(true);
  });

  it('drops a save the server refuses (over the allowance) and takes the server’s progress', async () => {
    studying(progressFixture([], 1));
    vi.spyOn(api, 'saveProgress').mockRejectedValue(new ApiError(403, 'No te quedan clases gratuitas', null));
    const getUser = vi.spyOn(api, 'getUser').mockResolvedValue(record(progressFixture([[3, 1]], 0)));
    await completeSubmodule();
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(readOutbox()).toBeNull();
    expect(useAppStore.getState().course.progress).toEqual(progressFixture([[3, 1]], 0));
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 10);
    expect(api.saveProgress).toHaveBeenCalledTimes(1);
  });
});

describe('loading progress', () => {
  it('puts back completions a previous visit could not send, and sends them', async () => {
    studying();
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify({ owner: 'sub-1', course: 'paes', progress: progressFixture([[2, 1]], 2) }),
    );
    vi.spyOn(api, 'getUser').mockResolvedValue(record(progressFixture([[1, 1]], 2), { is_premium: false }));
    const save = vi.spyOn(api, 'saveProgress').mockResolvedValue(
      record(
        progressFixture(
          [
            [1, 1],
            [2, 1],
          ],
          1,
        ),
      ),
    );
    await loadCourseProgress();
    const { progress, progressLoaded } = useAppStore.getState().course;
    expect(progressLoaded).toBe(true);
    expect(progress.subjects[0]?.lessons.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(progress.maxLessonsAvailable).toBe(1);
    await flushProgress();
    expect(save).toHaveBeenCalledTimes(1);
    expect(readOutbox()).toBeNull();
  });

  it('never sends another student’s unsent progress', async () => {
    studying();
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify({ owner: 'sub-2', course: 'paes', progress: progressFixture([[2, 1]], 2) }),
    );
    vi.spyOn(api, 'getUser').mockResolvedValue(record());
    const save = vi.spyOn(api, 'saveProgress');
    await loadCourseProgress();
    expect(save).not.toHaveBeenCalled();
    expect(useAppStore.getState().course.progress).toEqual(progressFixture([], 3));
  });

  it('only logs a failed load', async () => {
    studying();
    vi.spyOn(api, 'getUser').mockRejectedValue(new ApiError(500, 'x', null));
    expect(await loadCourseProgress()).toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(useAppStore.getState().course.progressLoaded).toBe(true); // from the fixture, untouched
  });
});
