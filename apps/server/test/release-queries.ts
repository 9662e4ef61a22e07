// The statements a release's code sends that PREPARE can check: reads and writes of data
// (not transactions, locks, settings, LISTEN or DDL).
export function isDataStatement(text: string): boolean {
  const start = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '').slice(0, 10).toLowerCase()
  return /^(select|insert|update|delete|with|values)\b/.test(start)
}
