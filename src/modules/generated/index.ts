export { GeneratedModule, GeneratedSeeder } from './generated.module';
