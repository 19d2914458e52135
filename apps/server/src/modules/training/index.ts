// Public surface of the training module (docs/architecture.md): the only file other modules import.
/** Company training: employees, 学员卡 seats, assigned courses with deadlines, the company's dashboard, staff screens. */
export { trainingModule } from './training.routes';
/** What the members area needs to sell 学员卡 (POST /api/orders product_type seats): the price, and the paid order's seats. */
export { seatProducts } from './training-seats';
