// The wizard's navigation: the steps of the chosen purpose, the step shown, and the address that names it.
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { stepsFor, type CampaignPurpose } from '@/lib/fundraisers/wizard';
import type { WizardStep } from '@/lib/validation/drafts';
import { isStep } from './wizard-values';

interface Options {
  /** this variant's localized address, without /form */
  basePath: string;
  inSteps: boolean;
  requestedStep: WizardStep | null;
  /** the step the draft was saved at */
  savedStep: string | null;
  purpose: CampaignPurpose;
  heading: RefObject<HTMLHeadingElement | null>;
  /** each step starts without the last one's message */
  onShow: () => void;
}

export function useWizardSteps({ basePath, inSteps, requestedStep, savedStep, purpose, heading, onShow }: Options) {
  const steps = stepsFor(purpose);
  // the address's step, else where the draft stopped, else the start
  const firstStep = (): WizardStep => {
    if (!inSteps) return 'cause';
    if (requestedStep && steps.includes(requestedStep)) return requestedStep;
    return isStep(savedStep) && steps.includes(savedStep) ? savedStep : 'cause';
  };
  const [step, setStep] = useState<WizardStep>(firstStep);
  const at = steps.indexOf(step);

  const stepUrl = useCallback((s: WizardStep, draftId: number | null) => `${basePath}/form?${new URLSearchParams({ ...(draftId ? { draft: String(draftId) } : {}), step: s })}`, [basePath]);

  const show = useCallback(
    (next: WizardStep, draftId: number | null, how: 'push' | 'replace' = 'push') => {
      setStep(next);
      onShow();
      const url = stepUrl(next, draftId);
      if (how === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      requestAnimationFrame(() => {
        window.scrollTo({ top: 0 });
        heading.current?.focus();
      });
    },
    [stepUrl, onShow, heading],
  );

  // the browser's back and forward buttons move between steps
  useEffect(() => {
    const onPop = () => {
      const s = new URLSearchParams(window.location.search).get('step');
      setStep(isStep(s) ? s : 'cause');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return { steps, step, at, stepUrl, show };
}
