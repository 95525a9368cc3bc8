import { sendChatMessage } from '@lanna/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Posts a message; the room shows it when the socket brings it back (and from the answer). */
export const useSendChatMessage = () =>
  useMutation({
    mutationFn: (text: string) => call(sendChatMessage, { body: { text } }),
  });
