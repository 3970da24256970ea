import { greeting, greetingKey, greetingWithWelcome } from './greeting';
import { setLocale, t } from '@/lang';
import { setDisplayTimeZone } from '@/utils/time';

describe('greeting by hour', () => {
  it.each([
    [0, 'lateNight'],
    [4, 'lateNight'],
    [5, 'goodMorning'],
    [8, 'goodMorning'],
    [9, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('%i h → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('is translated and followed by welcome back', async () => {
    await setLocale('en');
    expect(greeting(t, new Date(2024, 0, 1, 15))).toBe('Good afternoon!');
    expect(greetingWithWelcome(t, new Date(2024, 0, 1, 2))).toBe("It's late at night, take care of yourself! Welcome back.");
    await setLocale('zh-cn');
    expect(greetingWithWelcome(t, new Date(2024, 0, 1, 12, 30))).toBe('中午好！欢迎回来。');
    expect(greeting(t, new Date(2024, 0, 1, 19))).toBe('晚上好！');
  });

  it('greets by the hour of the site, not of the browser', async () => {
    await setLocale('en');
    const moment = new Date(Date.UTC(2024, 0, 1, 7)); // 15:00 in Shanghai, 02:00 in New York
    try {
      setDisplayTimeZone('Asia/Shanghai');
      expect(greeting(t, moment)).toBe('Good afternoon!');
      setDisplayTimeZone('America/New_York');
      expect(greeting(t, moment)).toBe("It's late at night, take care of yourself!");
    } finally {
      setDisplayTimeZone(null);
    }
  });
});
