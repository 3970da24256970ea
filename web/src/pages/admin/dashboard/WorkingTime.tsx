/** "Worked today: 2 h 15 min" with pause / continue (utils/workingTime: kept under the `workingTime` key). */
import { useEffect, useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { useT } from '@/lang';
import { hoursAndMinutes, today, toggle, worked, type WorkingTime as Record } from '@/utils/workingTime';

export function WorkingTime() {
  const t = useT();
  const [record, setRecord] = useState<Record>(() => today(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      setRecord(today(Date.now()));
    }, 30_000);
    return () => clearInterval(timer);
  }, []);
  const { hours, minutes } = hoursAndMinutes(worked(record, now));
  const paused = record.pauseTime > 0;
  return (
    <div className="ba-working-time" data-testid="working-time">
      <Typography.Text type="secondary">{t(paused ? 'dashboard.workingPaused' : 'dashboard.workingTime', { hours, minutes })}</Typography.Text>
      <Button
        size="mini"
        type="text"
        onClick={() => {
          const moment = Date.now();
          setRecord(toggle(today(moment), moment));
          setNow(moment);
        }}
        data-testid="working-time-toggle"
      >
        {t(paused ? 'dashboard.workingContinue' : 'dashboard.workingPause')}
      </Button>
    </div>
  );
}
