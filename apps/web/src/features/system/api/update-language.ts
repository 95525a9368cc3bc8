import { updateLanguage, type Language } from '@lanna/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Tells the server the chosen language (spec section 1: sent to the server on change). */
export const updateLanguageRequest = (language: Language) =>
  call(updateLanguage, { body: { language } });

export const useUpdateLanguage = () => useMutation({ mutationFn: updateLanguageRequest });
