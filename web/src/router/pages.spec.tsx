import '@/test-support/dom-globals';
import { act, Suspense } from 'react';
import { mountEachTest } from '@/test-support/react-root';
import { pageComponent } from './pages';

// The map of page files is a chunk of its own (import.meta.glob, which jest cannot read): a stand-in here.
const mockPageFiles = jest.fn(() => ({
  '/src/pages/admin/wms/brand/index.tsx': async () => ({ default: () => <p data-testid="brand">brands</p> }),
}));
jest.mock('./pageFiles', () => ({
  get pageFiles() {
    return mockPageFiles();
  },
}));

const view = mountEachTest();

async function show(component: string, path: string) {
  const Page = pageComponent(component, path, () => <p data-testid="missing">{component}</p>);
  await act(async () => {
    view.root.render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Page />
      </Suspense>,
    );
  });
}

describe('menu pages', () => {
  it('fetch the map of page files with the first page shown, not before, and once', async () => {
    expect(mockPageFiles).not.toHaveBeenCalled();
    await show('/src/pages/admin/wms/brand/index.tsx', '/admin/wms/brand');
    expect(view.container.querySelector('[data-testid=brand]')?.textContent).toBe('brands');
    // the framework's name of the same file, on another route
    await show('/src/views/backend/wms/brand/index.vue', '/admin/wms/brand2');
    expect(view.container.querySelector('[data-testid=brand]')).not.toBeNull();
    expect(mockPageFiles).toHaveBeenCalledTimes(1);
  });

  it('show the missing page for a component the build does not have', async () => {
    await show('/src/pages/admin/wms/nothing/index.tsx', '/admin/wms/nothing');
    expect(view.container.querySelector('[data-testid=missing]')?.textContent).toBe('/src/pages/admin/wms/nothing/index.tsx');
  });
});
