import { HEALTH_SERVICES, healthText } from './index';

describe('health rules', () => {
  it('SHELL-092 checks the eight services in order, toolkit on toolbox/health (A-40)', () => {
    expect(HEALTH_SERVICES.map((s) => s.key)).toEqual(['apiGateway', 'auth', 'clients', 'insights', 'idAnalytics', 'toolkit', 'plans', 'segments']);
    expect(HEALTH_SERVICES.find((s) => s.key === 'toolkit')?.path).toBe('/api/v1/toolbox/health');
    expect(HEALTH_SERVICES[0].path).toBe('/api-gateway-health-check');
  });

  it("SHELL-093 shows 'Error' for anything but data 'OK'", () => {
    expect(healthText({ data: 'OK' })).toBe('OK');
    expect(healthText({ data: 'database unreachable' })).toBe('Error');
    expect(healthText(null)).toBe('Error');
    expect(healthText('OK')).toBe('Error');
  });
});
