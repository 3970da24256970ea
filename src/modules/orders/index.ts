/** The orders context's public surface. */
export { OrdersModule } from './orders.module';
