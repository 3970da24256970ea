import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AdvertSlot } from '@contract/cms';
import { cmsApi } from '@/api/cms';
import { errorMessage } from '@/api/request';
import { useStore } from '@/stores/context';

/** The adverts showing in one position; a click is counted by the server, which answers where it leads. */
export class AdvertStore {
  slot: AdvertSlot | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly position: string) {
    makeAutoObservable<AdvertStore, 'position'>(this, { position: false }, { autoBind: true });
  }

  async load() {
    this.loading = true;
    try {
      const res = await cmsApi.adverts(this.position);
      runInAction(() => {
        this.slot = res.data;
        this.loading = false;
      });
    } catch (e) {
      // no such position (not set up yet): nothing is shown
      runInAction(() => {
        this.slot = null;
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** Counts the click, then opens the advert's link in a new tab. */
  async click(id: number) {
    // opened at once (a tab opened after an await counts as a pop-up), pointed at the link once it is known
    const tab = window.open('', '_blank');
    try {
      const res = await cmsApi.advertClick(id);
      if (tab) {
        tab.opener = null;
        tab.location.href = res.data.url;
      }
    } catch (e) {
      tab?.close();
      runInAction(() => (this.error = errorMessage(e)));
    }
  }
}

/** The adverts of a position (`home`, `member`), in their order; nothing when none is showing. */
export const AdvertBanner = observer(function AdvertBanner({ position }: { position: string }) {
  const { siteConfig } = useStore();
  const [store] = useState(() => new AdvertStore(position));
  useEffect(() => {
    void store.load();
  }, [store]);
  const slot = store.slot;
  if (!slot?.list.length) return null;
  return (
    <div className="ba-adverts" data-testid={`adverts-${position}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: '0 0 16px' }}>
      {slot.list.map((advert) => (
        <a
          key={advert.id}
          href={advert.link}
          target="_blank"
          rel="noopener noreferrer"
          title={advert.title}
          data-testid="advert"
          onClick={(event) => {
            event.preventDefault();
            void store.click(advert.id);
          }}
          style={{ flex: '1 1 280px', maxWidth: slot.position.width || undefined, display: 'block', borderRadius: 4, overflow: 'hidden', border: '1px solid var(--color-border-2)' }}
        >
          {advert.image ? (
            <img src={siteConfig.fullUrl(advert.image)} alt={advert.title} style={{ width: '100%', maxHeight: slot.position.height || 240, objectFit: 'cover', display: 'block' }} />
          ) : (
            <span style={{ display: 'block', padding: 16, fontWeight: 600 }}>{advert.title}</span>
          )}
        </a>
      ))}
    </div>
  );
});
