import type { Captcha } from '@lanna/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptchaRequest } from '../api/get-captcha';

/** Captcha refreshes closer together than this are ignored (spec sections 5 and 9). */
export const CAPTCHA_REFRESH_THROTTLE_MS = 1000;

/**
 * The login captcha (spec section 4, Login flow): loaded when a failed login asks for one and
 * after every further failure (a captcha answers once); the image refreshes on request, at most
 * once a second.
 */
export const useCaptcha = () => {
  const [required, setRequired] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const lastLoad = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastLoad.current < CAPTCHA_REFRESH_THROTTLE_MS) return;
    lastLoad.current = now;
    setLoading(true);
    try {
      const next = await getCaptchaRequest();
      if (mounted.current) {
        setCaptcha(next);
        setFailed(false);
      }
    } catch {
      if (mounted.current) setFailed(true);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  /** A failed login asked for a captcha, or used the one shown: show a new one. */
  const demand = useCallback(() => {
    setRequired(true);
    void load(true);
  }, [load]);

  const refresh = useCallback(() => void load(false), [load]);

  return { required, captcha, loading, failed, demand, refresh };
};
