// The shop's own pages as the owner writes them: for each (CGV, FAQ, livraison, contact) its
// title and description for search engines and its text in Markdown, checked with the server's
// own schema (its limits are what the database keeps) and rendered safely by the server.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Col, Form, Nav, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { CONTENT_LIMITS, CONTENT_PAGE_LABELS, CONTENT_PAGE_PATHS, CONTENT_SLUGS, pageContenuSchema, type ContentSlug, type PageContenu } from '@teranga/shared/content-pages'
import { FormField } from '../../components/form-field.tsx'
import { usePages, useSavePage } from './api/pages-api.ts'
import { FormActions, saveAndTell } from './settings-controls.tsx'

type PageFields = z.input<typeof pageContenuSchema>

export function PagesSettings() {
  const pages = usePages()
  const [slug, setSlug] = useState<ContentSlug>('cgv')
  if (pages.error) return <Alert variant="danger">Une erreur s'est produite lors du chargement des pages.</Alert>
  if (pages.isPending) return null
  const page = pages.data.find((p) => p.slug === slug)
  return (
    <>
      <Nav variant="tabs" className="mb-3" aria-label="Pages du site">
        {CONTENT_SLUGS.map((s) => (
          <Nav.Item key={s}>
            <Nav.Link as="button" type="button" active={s === slug} aria-current={s === slug ? 'page' : undefined} onClick={() => setSlug(s)}>
              {CONTENT_PAGE_LABELS[s]}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {page ? <PageForm key={page.slug} page={page} /> : <Alert variant="warning">Cette page n'existe pas.</Alert>}
    </>
  )
}

function Counter({ value, max }: { value: string | undefined; max: number }) {
  const length = value?.length ?? 0
  return (
    <Form.Text className={length > max ? 'text-danger' : 'text-muted'}>
      {length.toLocaleString('fr-FR')} / {max.toLocaleString('fr-FR')} caractères
    </Form.Text>
  )
}

function PageForm({ page }: { page: PageContenu }) {
  const save = useSavePage()
  const { register, handleSubmit, formState, setError, control, reset } = useForm<PageFields, unknown, z.output<typeof pageContenuSchema>>({
    resolver: zodResolver(pageContenuSchema),
    defaultValues: { titre: page.titre, description: page.description, contenu: page.contenu },
  })
  const [titre, description, contenu] = useWatch({ control, name: ['titre', 'description', 'contenu'] })
  const label = CONTENT_PAGE_LABELS[page.slug]
  const onSubmit = handleSubmit(async (values) => {
    const saved = await saveAndTell(
      () => save.mutateAsync({ slug: page.slug, body: values }),
      'Page enregistrée',
      (field, message) => setError(field as keyof PageFields, { message }),
    )
    if (saved) reset(values)
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={`Page « ${label} »`}>
      <Row className="g-2">
        <Col xs={12}>
          <FormField id="page-titre" label="Titre (onglet et moteurs de recherche)" maxLength={CONTENT_LIMITS.titre + 20} {...register('titre')} error={formState.errors.titre?.message} />
          <Counter value={titre} max={CONTENT_LIMITS.titre} />
        </Col>
        <Col xs={12}>
          <FormField id="page-description" label="Description (résultats de recherche et liens partagés)" as="textarea" rows={2} {...register('description')} error={formState.errors.description?.message} />
          <Counter value={description} max={CONTENT_LIMITS.description} />
        </Col>
        <Col xs={12}>
          <FormField id="page-contenu" label="Texte de la page (Markdown)" as="textarea" rows={16} className="font-monospace" {...register('contenu')} error={formState.errors.contenu?.message} />
          <Counter value={contenu} max={CONTENT_LIMITS.contenu} />
          <Form.Text className="d-block text-muted">
            « ## Titre » pour un intertitre, « **gras** », « - » en début de ligne pour une liste, « [texte](https://…) » pour un lien. Le HTML est affiché tel quel, comme du texte.
          </Form.Text>
        </Col>
        <Col xs={12}>
          <a href={CONTENT_PAGE_PATHS[page.slug]} target="_blank" rel="noopener noreferrer">
            Voir la page sur la boutique
          </a>
        </Col>
        <FormActions label="Enregistrer la page" submitting={formState.isSubmitting} />
      </Row>
    </Form>
  )
}
