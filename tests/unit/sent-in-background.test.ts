import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CardbookDB } from '../../src/db/CardbookDB';
import { noteSentInBackground, takeSentInBackground } from '../../src/db/sent-in-background';

describe('changes sent while the app was closed', () => {
  const db = new CardbookDB(`sent-in-background-${process.pid}`);
  afterEach(() => db.meta.clear());

  it('adds up what several background sends sent, and tells it once', async () => {
    await noteSentInBackground(db, 2);
    await noteSentInBackground(db, 3);
    await noteSentInBackground(db, 0);
    expect(await takeSentInBackground(db)).toBe(5);
    expect(await takeSentInBackground(db)).toBe(0);
  });

  it('tells nothing when nothing was sent', async () => {
    expect(await takeSentInBackground(db)).toBe(0);
  });
});
