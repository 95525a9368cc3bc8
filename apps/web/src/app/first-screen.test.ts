/**
 * The entry's head start for home's largest paint: the banners it asks for early are the
 * answer the banner query takes, so home asks for them once, not twice.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bannersQuery } from '@/features/content/api/find-banners';
import { askedRequests } from '@/test/api-server';
import { serveApi } from '@/test/serve-api';
import { preloadFirstScreen } from './first-screen';

const banner = {
  id: 1,
  url: '/media/banners/1.svg',
  title: 'Welcome bonus 100%',
  linkageType: 'NONE',
  link: null,
  groupName: 'w_home',
};

describe('preloadFirstScreen', () => {
  it("asks for home's banners before the screen does, and the banner query takes that answer", async () => {
    serveApi({ '/wps/content/banners': { list: [banner] } });
    preloadFirstScreen('/');
    expect(askedRequests('/wps/content/banners')).toHaveLength(1);

    const data = await new QueryClient().query(bannersQuery('w_home', 'EN'));

    expect(data.list.map(({ title }) => title)).toEqual(['Welcome bonus 100%']);
    expect(askedRequests('/wps/content/banners')).toHaveLength(1);
  });

  it('asks for nothing early on a screen without a head start', () => {
    preloadFirstScreen('/promotions');
    expect(askedRequests()).toEqual([]);
  });
});
