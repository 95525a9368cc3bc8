import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromotionTab } from '@/config/paths';
import { memberPromotionsQuery } from '../api/find-member-promotions';
import { promotionsQuery } from '../api/find-promotions';

/** Who is looking at the centre: a signed-in session's token, or null for a visitor. */
export type PromotionsViewer = {
  token: string | null;
  /** A stored session whose member is still loading: wait, so the list is asked once. */
  pending: boolean;
  /**
   * A trial account: its play money takes part in no contest (spec section 6), so it is never
   * asked for a standing. Absent reads as a real member (the server refuses a trial anyway).
   */
  trial?: boolean;
};

/**
 * The activities of one category with the caller's status of each: the member's once signed in
 * (a trial too: the member endpoint takes every member role), a visitor's otherwise.
 */
export const usePromotions = (category: PromotionTab, viewer: PromotionsViewer) => {
  const { i18n } = useTranslation();
  const member = useQuery({
    ...memberPromotionsQuery(viewer.token ?? '', category, i18n.language),
    enabled: !viewer.pending && viewer.token !== null,
  });
  const visitor = useQuery({
    ...promotionsQuery(category, i18n.language),
    enabled: !viewer.pending && viewer.token === null,
  });
  return viewer.token === null ? visitor : member;
};
