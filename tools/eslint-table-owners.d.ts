// The types of eslint-table-owners.js, for the server's test of the rule.
import type { Rule } from 'eslint'

export function schemaTables(schemaFile: string): Record<string, string>
export function loadTableOwners(file: string): Promise<{ TABLE_OWNERS: Record<string, readonly string[]>; OWNERSHIP_EXCEPTIONS: ReadonlyArray<{ table: string; module: string; why: string }> }>
export const tableOwnersPlugin: { meta: { name: string }; rules: { 'write-own-tables': Rule.RuleModule } }
