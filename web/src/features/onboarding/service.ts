/**
 * Saving the onboarding (`POST /api/onboarding`): the server's record goes into the store's
 * onboarding and root areas; a failure shows the spec's message on both paths.
 */
import type { OnboardingChoice } from '@core/domain/onboarding';
import { api } from '../../api/client';
import { track } from '../../app/analytics';
import { useAppStore } from '../../app/store';
import { toast } from '../../app/toasts';
import { onboardingText } from '../../i18n/onboarding';

export type OnboardingMode = 'registration' | 'edit';

export async function saveOnboarding(choice: OnboardingChoice, mode: OnboardingMode): Promise<boolean> {
  try {
    const record = await api.saveOnboarding(choice);
    useAppStore.setState((state) => ({
      onboarding: record.onboarding,
      root: { ...state.root, userExtraData: record },
      user: {
        ...state.user,
        onboardingSelection: { date: choice.date, score: choice.targetPoints },
      },
    }));
    track({
      name: mode === 'registration' ? 'onboarding_complete' : 'onboarding_updated',
      params: { course: choice.course },
    });
    return true;
  } catch (error) {
    console.error('Could not save the onboarding', error);
    toast.error(onboardingText.saveFailed);
    return false;
  }
}
