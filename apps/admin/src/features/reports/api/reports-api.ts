// The « Rapports » page's calls: GET /api/rapport/ventes?du=&au=&par= (the report, or its CSV
// file) and GET /api/rapport/synthese?du=&au= (basket, customers, best and slow sellers, modes).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ReportGrouping, SalesReport, SalesSummary } from '@teranga/shared/backoffice-reports'
import { api, queryString } from '../../../lib/api.ts'
import { downloadFile } from '../../../lib/download.ts'

const reportsKey = ['rapport'] as const

export const getSalesReport = (du: string, au: string, par: ReportGrouping) => api<SalesReport>('GET', `/rapport/ventes${queryString({ du, au, par })}`)
export const getSalesSummary = (du: string, au: string) => api<SalesSummary>('GET', `/rapport/synthese${queryString({ du, au })}`)

export const salesReportQueryOptions = (du: string, au: string, par: ReportGrouping) =>
  queryOptions({ queryKey: [...reportsKey, 'ventes', du, au, par], queryFn: () => getSalesReport(du, au, par), placeholderData: keepPreviousData })
export const salesSummaryQueryOptions = (du: string, au: string) =>
  queryOptions({ queryKey: [...reportsKey, 'synthese', du, au], queryFn: () => getSalesSummary(du, au), placeholderData: keepPreviousData })

export const useSalesReport = (du: string, au: string, par: ReportGrouping) => useQuery(salesReportQueryOptions(du, au, par))
export const useSalesSummary = (du: string, au: string) => useQuery(salesSummaryQueryOptions(du, au))

/** The report as a CSV file, downloaded with the token. */
export const downloadSalesReport = (du: string, au: string, par: ReportGrouping) =>
  downloadFile(`/rapport/ventes${queryString({ du, au, par, format: 'csv' })}`, `ventes-${du}-${au}-${par}.csv`)
