/** The move-to-a-plan capability's public face (docs/decisions/015). */
export { finishMigration, migrationOffer, migrationStatus, startMigration, type MigrationFinish } from './migration.service.ts';
