/**
 * The client store: the state areas of the specification (section 3). Only `user`,
 * `subscription` and `onboarding` are persisted; identity tokens stay with Amplify and course
 * state is always fetched again.
 */

import type { AttemptInfo, ExamResult, ExamReview, ExamSummary, ReviewQuestion } from '@core/api/exam';
import type { Onboarding, UserRecord } from '@core/api/user';
import { FREE_TIER, MAX_EXAM_MINUTES } from '@core/domain/constants';
import type {
  PublicAlternative,
  PublicPassage,
  PublicQuestion,
  StudyTrivia,
  SubjectDetail,
  SubjectSummary,
  TestSummary,
} from '@core/domain/contentViews';
import type { ExamAverage } from '@core/domain/examAttempt';
import type { CourseProgress } from '@core/domain/lessonProgress';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

/** A submodule of the subject being studied; content and trivia only when its lesson is open. */
export interface CourseSubmodule {
  id: string;
  title: string;
  complete: boolean;
  content?: string;
  trivia?: StudyTrivia[];
}

export interface CourseLesson {
  id: string;
  title: string;
  summary: string;
  /** Not open to this student: no content (premium, or beyond the free allowance). */
  locked: boolean;
  complete: boolean;
  submodules: CourseSubmodule[];
}

/** The subject's details with the student's progress marked (spec "Course"). */
export interface CourseSubject extends Omit<SubjectDetail, 'lessons'> {
  lessons: CourseLesson[];
}

export interface TriviaAnswerState {
  id: string;
  type: 'text' | 'image';
  text?: string;
  image?: string;
  correct: boolean;
  selected: boolean;
  /** After confirming: whether this alternative was chosen and right (true) or chosen and wrong (false). */
  isCorrect: boolean | null;
}

export interface TriviaQuestionState {
  id: string;
  stem: string;
  image?: string;
  explanation: string;
  answered: boolean;
  current: boolean;
  wasCorrect: boolean | null;
  answers: TriviaAnswerState[];
}

/** The trivia of the current submodule: its questions, the index and the answered share (percent). */
export interface TriviaRun {
  questions: TriviaQuestionState[];
  index: number;
  progressPercent: number;
}

export interface CourseState {
  subjectDetails: CourseSubject | null;
  currentLessonIndex: number;
  currentSubmoduleIndex: number;
  currentTrivia: TriviaRun | null;
  progress: CourseProgress;
  /** True once the progress came from the server in this session. */
  progressLoaded: boolean;
  isPremium: boolean;
  lastLesson: string | null;
}

/** An alternative as the exam shows it, with the student's choice and (once graded) whether it is the key. */
export interface ExamAnswerState extends PublicAlternative {
  selected: boolean;
  correct: boolean | null;
}

/** A question of the exam (spec: answered, correct, answers[id, selected, correct]), plus a review flag. */
export interface ExamQuestionState extends Omit<PublicQuestion, 'alternatives'> {
  answered: boolean;
  /** Whether the chosen answer is right: unknown (null) until the server grades the attempt. */
  correct: boolean | null;
  flagged: boolean;
  answers: ExamAnswerState[];
}

/** The exam area of spec section 3; `test`, `attempt`, `passages`, `deadline` and `review` are ours. */
export interface ExamState {
  /** The slug of the chosen test. */
  selectedExam: string | null;
  test: TestSummary | null;
  attempt: AttemptInfo | null;
  passages: PublicPassage[];
  questions: ExamQuestionState[];
  isReview: boolean;
  /** In review: the question shown, with its key and explanation. */
  questionDetail: ReviewQuestion | null;
  review: ExamReview | null;
  examIsComplete: boolean;
  /** Epoch ms on this browser's clock (corrected by the server's). */
  startTime: number | null;
  endTime: number | null;
  deadline: number | null;
  currentQuestionIndex: number;
  results: ExamResult | null;
  maxExamTime: number;
  /** The exam history (`GET /api/exam/progress`). */
  progress: ExamSummary[];
  averages: ExamAverage[] | null;
}

export interface AppState {
  auth: AuthState;
  user: UserState;
  root: RootState;
  studyCenter: { subjects: SubjectSummary[] };
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

export const initialExamState = (): ExamState => ({
  selectedExam: null,
  test: null,
  attempt: null,
  passages: [],
  questions: [],
  isReview: false,
  questionDetail: null,
  review: null,
  examIsComplete: false,
  startTime: null,
  endTime: null,
  deadline: null,
  currentQuestionIndex: 0,
  results: null,
  maxExamTime: MAX_EXAM_MINUTES,
  progress: [],
  averages: null,
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
    currentTrivia: null,
    progress: { subjects: [], maxLessonsAvailable: FREE_TIER.lessons },
    progressLoaded: false,
    isPremium: false,
    lastLesson: null,
  },
  exam: initialExamState(),
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
