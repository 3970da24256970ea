import { isVerbose, QuietStartLogger } from './quiet-start-logger';

describe('QuietStartLogger', () => {
  it("hides Nest's start-up listing of modules and routes, keeps everything else", () => {
    const logger = new QuietStartLogger(false);
    expect(logger.shows('log', 'RouterExplorer')).toBe(false);
    expect(logger.shows('log', 'RoutesResolver')).toBe(false);
    expect(logger.shows('log', 'InstanceLoader')).toBe(false);
    expect(logger.shows('log', 'Terminal')).toBe(true);
    expect(logger.shows('warn', 'RouterExplorer')).toBe(true);
    expect(logger.shows('error', 'InstanceLoader')).toBe(true);
  });

  it('shows it all when verbose', () => {
    expect(new QuietStartLogger(true).shows('log', 'RouterExplorer')).toBe(true);
    expect(isVerbose({ LOG_LEVEL: 'verbose' }, [])).toBe(true);
    expect(isVerbose({}, ['node', 'main.js', '--verbose'])).toBe(true);
    expect(isVerbose({}, ['node', 'main.js'])).toBe(false);
  });
});
