/**
 * The client store: the state areas of the specification (section 3). Only `user`,
 * `subscription` and `onboarding` are persisted; identity tokens stay with Amplify and course
 * state is always fetched again.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { FREE_TIER, MAX_EXAM_MINUTES } from '../../../lambdas/domain/constants';
import type { Onboarding, UserRecord } from '../../../lambdas/domain/user';

export interface CurrentUser {
  username: string;
  userId?: string;
}

export interface UserAttributes {
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  phone_number?: string;
}

export interface AuthState {
  currentUser: CurrentUser | null;
  isSigned: boolean;
  /** True until the first session check finishes. */
  fetchPending: boolean;
}

export interface PendingSignUp {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  /** The page the sign-up started from (landing pages are told apart in the CRM). */
  pathname: string;
}

export interface UserState {
  userInfo: { attributes: UserAttributes } | null;
  /**
   * A sign-up waiting for its code and its server record. Never the password (docs/decisions.md):
   * after a reload the student types it again.
   */
  pendingSignUp: PendingSignUp | null;
  recoveryEmail: string | null;
  onboardingSelection: { date: string | null; score: number | null };
  /** Epoch ms until which "resend code" stays disabled. */
  resendUntil: number | null;
  hubspotId: string | null;
  registrationPending: boolean;
  verification: boolean;
}

export interface RootState {
  loading: boolean;
  missingVerification: boolean;
  userExtraData: UserRecord;
  subjects: unknown[];
}

export interface SubscriptionState {
  isPremium: boolean;
  customer: string | null;
  subscription: string | null;
  examsAvailable: number;
  tutorialAvailable: number;
}

export interface TutoringState {
  tutoringList: unknown[];
  end_date: string | null;
  tutorialAvailable: number;
}

export interface CourseState {
  subjectDetails: unknown | null;
  currentLessonIndex: number;
  currentSubmoduleIndex: number;
  progress: { subjects: unknown[]; maxLessonsAvailable: number };
  isPremium: boolean;
  lastLesson: string | null;
}

export interface ExamState {
  selectedExam: string | null;
  questions: unknown[];
  isReview: boolean;
  examIsComplete: boolean;
  startTime: number | null;
  endTime: number | null;
  currentQuestionIndex: number;
  results: unknown | null;
  maxExamTime: number;
  progress: unknown[];
  averages: unknown | null;
}

export interface AppState {
  auth: AuthState;
  user: UserState;
  root: RootState;
  studyCenter: { subjects: unknown[] };
  course: CourseState;
  exam: ExamState;
  subscription: SubscriptionState;
  tutoring: TutoringState;
  onboarding: Onboarding;
}

/** Extra data of a signed-out or brand-new student: non-premium, nothing available (spec, sign-out). */
export const signedOutExtraData = (): UserRecord => ({
  is_premium: false,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  exams_available: 0,
  tutorials_available: 0,
  hubspot_id: null,
  last_lesson: null,
  progress: { subjects: [], maxLessonsAvailable: FREE_TIER.lessons },
  onboarding: {},
  email_verified: false,
});

export const initialState = (): AppState => ({
  auth: { currentUser: null, isSigned: false, fetchPending: true },
  user: {
    userInfo: null,
    pendingSignUp: null,
    recoveryEmail: null,
    onboardingSelection: { date: null, score: null },
    resendUntil: null,
    hubspotId: null,
    registrationPending: false,
    verification: false,
  },
  root: { loading: false, missingVerification: false, userExtraData: signedOutExtraData(), subjects: [] },
  studyCenter: { subjects: [] },
  course: {
    subjectDetails: null,
    currentLessonIndex: 0,
    currentSubmoduleIndex: 0,
    progress: { subjects: [], maxLessonsAvailable: FREE_TIER.lessons },
    isPremium: false,
    lastLesson: null,
  },
  exam: {
    selectedExam: null,
    questions: [],
    isReview: false,
    examIsComplete: false,
    startTime: null,
    endTime: null,
    currentQuestionIndex: 0,
    results: null,
    maxExamTime: MAX_EXAM_MINUTES,
    progress: [],
    averages: null,
  },
  subscription: {
    isPremium: false,
    customer: null,
    subscription: null,
    examsAvailable: 0,
    tutorialAvailable: 0,
  },
  tutoring: { tutoringList: [], end_date: null, tutorialAvailable: 0 },
  onboarding: {},
});

/** Storing a user marks the session signed in, but only when the user has a username (spec, Auth). */
export function withCurrentUser(auth: AuthState, user: CurrentUser | null): AuthState {
  return { ...auth, currentUser: user, isSigned: Boolean(user?.username) };
}

export const PERSISTED_AREAS = ['user', 'subscription', 'onboarding'] as const;
export const STORAGE_KEY = 'preu-paes-state';

export interface AppActions {
  setLoading(loading: boolean): void;
  setCurrentUser(user: CurrentUser | null): void;
  finishSessionCheck(): void;
  resetAll(): void;
}

export const useAppStore = create<AppState & AppActions>()(
  persist(
    (set) => ({
      ...initialState(),
      setLoading: (loading) => set((state) => ({ root: { ...state.root, loading } })),
      setCurrentUser: (user) => set((state) => ({ auth: withCurrentUser(state.auth, user) })),
      finishSessionCheck: () => set((state) => ({ auth: { ...state.auth, fetchPending: false } })),
      resetAll: () =>
        set({ ...initialState(), auth: { currentUser: null, isSigned: false, fetchPending: false } }),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        user: state.user,
        subscription: state.subscription,
        onboarding: state.onboarding,
      }),
    },
  ),
);
