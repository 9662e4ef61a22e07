// The catalogue's reference data, the same for everyone: preferences (logo, promotions),
// the category tree, sub-categories and carousel slides.
import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  storefrontKey,
  type Caroussel,
  type Categorie,
  type Preferences,
  type Souscategorie,
} from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('preferences'),
    queryFn: () => storefrontData<Preferences | null>('preferences'),
    staleTime: Infinity,
  })

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('categories'),
    queryFn: () => storefrontData<Categorie[]>('categories'),
    staleTime: Infinity,
  })

export const getSubcategoriesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('souscategories'),
    queryFn: () => storefrontData<Souscategorie[]>('souscategories'),
    staleTime: Infinity,
  })

export const getSlidesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('caroussels'),
    queryFn: () => storefrontData<Caroussel[]>('caroussels'),
    staleTime: Infinity,
  })

export const usePreferences = () => useQuery(getPreferencesQueryOptions())
export const useCategories = () => useQuery(getCategoriesQueryOptions())
export const useSubcategories = () => useQuery(getSubcategoriesQueryOptions())
export const useSlides = () => useQuery(getSlidesQueryOptions())
