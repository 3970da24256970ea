/** The robots context's public surface (the optional module `robots`). */
export { RobotsModule } from './robots.module';
export { DailyRobotAlerts } from './services/daily-robot-alerts';
export { RobotNotifier } from './services/robot-notifier.service';
