// How the customer hears about their orders (ADR 034): GET and PUT /api/profile/messages
// {canal: 'sms' | 'whatsapp' | 'aucun'}, SMS when never chosen.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessagesChoice } from '@teranga/shared/order-messages'
import { rest } from '@/lib/api-client.ts'

export const messagesChoiceQueryKey = ['account', 'messages'] as const

export const getMessagesChoiceQueryOptions = () =>
  queryOptions({ queryKey: messagesChoiceQueryKey, queryFn: () => rest<MessagesChoice>('GET', '/profile/messages') })

export const useMessagesChoice = () => useQuery(getMessagesChoiceQueryOptions())

export function updateMessagesChoice(choice: MessagesChoice): Promise<MessagesChoice> {
  return rest('PUT', '/profile/messages', choice)
}

export function useUpdateMessagesChoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMessagesChoice,
    onSuccess: (saved) => queryClient.setQueryData(messagesChoiceQueryKey, saved),
  })
}
