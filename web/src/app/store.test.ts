import { describe, expect, it } from 'vitest';
import { initialState, PERSISTED_AREAS, STORAGE_KEY, useAppStore, withCurrentUser } from './store';

describe('client store', () => {
  it('has the state areas of the specification', () => {
    expect(Object.keys(initialState()).sort()).toEqual(
      [
        'auth',
        'course',
        'exam',
        'onboarding',
        'root',
        'studyCenter',
        'subscription',
        'tutoring',
        'user',
      ].sort(),
    );
    expect(initialState().course.progress.maxLessonsAvailable).toBe(3);
    expect(initialState().exam.maxExamTime).toBe(120);
    expect(initialState().auth).toEqual({ currentUser: null, isSigned: false, fetchPending: true });
  });

  it('marks the session signed in only for a user with a username', () => {
    const auth = initialState().auth;
    expect(withCurrentUser(auth, { username: 'abc' }).isSigned).toBe(true);
    expect(withCurrentUser(auth, { username: '' }).isSigned).toBe(false);
    expect(withCurrentUser(auth, null).isSigned).toBe(false);
  });

  it('clears the pending flag when the session check finishes', () => {
    useAppStore.getState().finishSessionCheck();
    expect(useAppStore.getState().auth.fetchPending).toBe(false);
  });

  it('persists only user, subscription and onboarding', () => {
    const store = useAppStore.getState();
    store.setCurrentUser({ username: 'alumna' });
    store.setLoading(true);
    useAppStore.setState((state) => ({
      onboarding: { course: 'paes', targetPoints: 750 },
      subscription: { ...state.subscription, isPremium: true },
      course: { ...state.course, lastLesson: 'l1' },
    }));
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(Object.keys(saved.state).sort()).toEqual([...PERSISTED_AREAS].sort());
    expect(saved.state.onboarding).toEqual({ course: 'paes', targetPoints: 750 });
    expect(saved.state.subscription.isPremium).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('alumna');
  });

  it('sets and clears the loading flag', () => {
    useAppStore.getState().setLoading(true);
    expect(useAppStore.getState().root.loading).toBe(true);
    useAppStore.getState().setLoading(false);
    expect(useAppStore.getState().root.loading).toBe(false);
  });
});
