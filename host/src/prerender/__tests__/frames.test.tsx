import { ROUTE_META } from '../../app/route-meta';
import { REMOTE_ROUTES } from '../../app/route-table';
import { NOT_FOUND_HEAD } from '../../components/not-found';
import { renderFrames, type Frames } from '../frames';
import { SNAPSHOT_SLOT } from '../snapshot';

let frames: Frames;
beforeAll(() => {
  frames = renderFrames();
});

const fixedRoutes = REMOTE_ROUTES.filter(({ path }) => !path.includes(':'));
/** The pattern route whose expression matches `path` (case-insensitively, as the server does). */
const patternFor = (path: string) =>
  frames.patterns.find(({ pattern }) => new RegExp(pattern, 'i').test(path));

describe('renderFrames', () => {
  it('gives every route with a fixed path a frame, keyed by its path in lower case', () => {
    expect(Object.keys(frames.routes).sort()).toEqual(
      fixedRoutes.map(({ path }) => path.toLowerCase()).sort(),
    );
  });

  it.each(fixedRoutes.map((route) => [route.path, route] as const))(
    '%s: its path as the table writes it, its title, description and index, the slot in its frame',
    (path, { remote, module }) => {
      const frame = frames.routes[path.toLowerCase()];
      const meta = ROUTE_META[path];
      expect(frame).toMatchObject({
        path,
        remote,
        module,
        title: meta.title,
        description: meta.description,
      });
      expect(frame?.index).toBe(meta.index);
      expect(frame?.html).toContain(SNAPSHOT_SLOT);
    },
  );

  it('keeps the case of paths like /Lands for the canonical address', () => {
    expect(frames.routes['/lands']).toMatchObject({
      path: '/Lands',
      title: 'Your lands · Hyper Tek',
    });
    expect(frames.routes['/market-place']).toMatchObject({
      path: '/market-place',
      title: 'Market Place · Hyper Tek',
      index: true,
    });
    expect(frames.routes['/payment']?.index).toBeUndefined();
  });

  it('frames each page with the top bar and the footer, but not /stripe-payment', () => {
    expect(frames.routes['/about']?.html).toContain('data-testid="top-bar"');
    expect(frames.routes['/about']?.html).toContain('data-testid="footer"');
    expect(frames.routes['/stripe-payment']?.html).not.toContain('data-testid="top-bar"');
    expect(frames.routes['/stripe-payment']?.html).toContain(SNAPSHOT_SLOT);
  });

  it('has no frame for a path with a parameter, but a pattern with its head', () => {
    expect(Object.keys(frames.routes).some((path) => path.includes(':'))).toBe(false);
    const reset = patternFor('/reset-password/abc');
    expect(reset).toMatchObject({
      title: 'Choose a new password · Hyper Tek',
      description: ROUTE_META['/reset-password/:token'].description,
    });
    expect(reset?.index).not.toBe(true);
  });

  it("matches '/reset-password/abc' (and its case variants, a trailing slash), not '/reset-password'", () => {
    const reset = frames.patterns.find(
      ({ title }) => title === ROUTE_META['/reset-password/:token'].title,
    );
    expect(reset).toBeDefined();
    const matches = (path: string) => new RegExp(reset?.pattern ?? '$^', 'i').test(path);
    expect(matches('/reset-password/abc')).toBe(true);
    expect(matches('/Reset-Password/ABC')).toBe(true);
    expect(matches('/reset-password/abc/')).toBe(true);
    expect(matches('/reset-password')).toBe(false);
    expect(matches('/reset-password/')).toBe(false);
    expect(matches('/reset-password/abc/def')).toBe(false);
    expect(matches('/x/reset-password/abc')).toBe(false);
  });

  it("serves /home with the home page's head, not listed by search engines", () => {
    const home = patternFor('/home');
    expect(home).toMatchObject({
      title: ROUTE_META['/'].title,
      description: ROUTE_META['/'].description,
      index: false,
    });
    expect(patternFor('/home/')).toBe(home);
    expect(patternFor('/homes')).toBeUndefined();
  });

  it('matches no other path with a pattern', () => {
    expect(patternFor('/nope')).toBeUndefined();
    expect(patternFor('/about')).toBeUndefined();
    expect(patternFor('/')).toBeUndefined();
  });

  it("gives any other path the not-found page in its frame, with 'Page not found · Hyper Tek'", () => {
    expect(frames.notFound.title).toBe('Page not found · Hyper Tek');
    expect(frames.notFound).toMatchObject(NOT_FOUND_HEAD);
    expect(frames.notFound.index).not.toBe(true);
    expect(frames.notFound.html).toContain('Opps! 404');
    expect(frames.notFound.html).toContain('data-testid="top-bar"');
    expect(frames.notFound.html).toContain('data-testid="footer"');
    expect(frames.notFound.html).not.toContain(SNAPSHOT_SLOT);
  });

  it('gives the slot and the loading state shown when a remote has no snapshot', () => {
    expect(frames.slot).toBe(SNAPSHOT_SLOT);
    expect(frames.loading).toContain('route-loading');
  });
});
