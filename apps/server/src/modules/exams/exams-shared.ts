// What the exams services' use cases share: their dependencies and an attempt as the repository loads it.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuditTrail } from '../audit';
import type { MessagesService } from '../messages';
import type { examsRepository as repo } from './exams.repository';

export type Loaded = NonNullable<Awaited<ReturnType<typeof repo.attempt>>>;

export interface ExamsServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
}
