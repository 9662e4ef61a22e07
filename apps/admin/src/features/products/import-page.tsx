// CSV import of products: a dry run shows each row's errors, or what the file creates and
// changes, product by product with their variants (ADR 053 §7), then the admin confirms.
import { useState } from 'react'
import { Alert, Badge, Button, Card, Form, ListGroup, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { PRODUCT_CSV_COLUMNS, type ImportPreviewProduct, type ImportResult } from '@teranga/shared/backoffice-catalogue'
import { formatFcfa } from '../../lib/format.ts'
import { ApiError } from '../../lib/api.ts'
import { useImportProducts } from './api/import-api.ts'

/** The file's bytes, unread: read as text here, a Windows-1252 file (French Excel) would lose its accents. */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(file)
  })
}

const ACTIONS = { creation: { label: 'Nouveau', bg: 'success' }, modification: { label: 'Modifié', bg: 'info' } } as const

function ActionBadge({ action }: { action: ImportPreviewProduct['action'] }) {
  return (
    <Badge bg={ACTIONS[action].bg} text={action === 'modification' ? 'dark' : undefined}>
      {ACTIONS[action].label}
    </Badge>
  )
}

/** What the file does, product by product: each with its variants (values, code, price, stock). */
function PreviewList({ products }: { products: ImportPreviewProduct[] }) {
  return (
    <ListGroup className="mb-3" aria-label="Produits du fichier">
      {products.map((item) => (
        <ListGroup.Item key={item.produit_code}>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span className="fw-semibold me-auto">{item.designation}</span>
            <span className="small text-body-secondary">{item.produit_code}</span>
            <ActionBadge action={item.action} />
          </div>
          <ul className="list-unstyled small mb-0 mt-1" aria-label={`Variantes de ${item.designation}`}>
            {item.variantes.map((variant) => (
              <li key={variant.code} className="d-flex flex-wrap gap-2 align-items-center border-top py-1">
                <span className="me-auto">
                  {Object.values(variant.options).join(' · ') || 'Variante unique'} <span className="text-body-secondary">({variant.code})</span>
                </span>
                <span className="text-nowrap">{formatFcfa(variant.prix)}</span>
                <span className="text-nowrap">{variant.quantite === null ? 'stock inchangé' : `stock ${variant.quantite}`}</span>
                <ActionBadge action={variant.action} />
              </li>
            ))}
          </ul>
        </ListGroup.Item>
      ))}
    </ListGroup>
  )
}

export function ImportPage() {
  const [csv, setCsv] = useState<ArrayBuffer | null>(null)
  const [preview, setPreview] = useState<ImportResult | null>(null)
  const importer = useImportProducts()
  const busy = importer.isPending
  const send = async (dryRun: boolean): Promise<ImportResult | null> => {
    if (csv === null) return null
    try {
      return await importer.mutateAsync({ csv, dryRun })
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : "L'import a échoué. Réessayez.")
      return null
    }
  }
  return (
    <>
      <h1 className="h3 mb-3">Importer des produits (CSV)</h1>
      <Card body className="mb-3">
        <p className="small">
          Colonnes séparées par des points-virgules : <code>{PRODUCT_CSV_COLUMNS.join(';')}</code>
        </p>
        <p className="small">
          Une ligne par variante : les lignes d’un même produit portent son <code>produit_code</code> et les noms de ses options (<code>option1_nom</code>…), chacune ses valeurs, son code, son prix et son stock. Sans <code>produit_code</code>, une ligne est un produit sans options.
        </p>
        <Form.Group controlId="csv">
          <Form.Label>Fichier CSV</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const file = (e.target as HTMLInputElement).files?.[0]
              setPreview(null)
              setCsv(file ? await readBytes(file) : null)
            }}
          />
        </Form.Group>
        <Button className="mt-3" disabled={csv === null || busy} onClick={async () => setPreview(await send(true))}>
          Vérifier le fichier
        </Button>
      </Card>
      {preview && (
        <Card body>
          <h2 className="h5">Aperçu</h2>
          {preview.avertissement ? <Alert variant="warning">{preview.avertissement}</Alert> : <p className="small text-body-secondary">Fichier lu en {preview.encodage}</p>}
          <p>
            {preview.produits_crees} produit(s) à créer, {preview.produits_modifies} à modifier ({preview.crees} variante(s) à créer, {preview.modifies} à modifier).
          </p>
          {preview.erreurs.length > 0 ? (
            <>
              <Alert variant="danger">Le fichier contient {preview.erreurs.length} erreur(s) : rien ne sera importé. Corrigez-le puis vérifiez-le de nouveau.</Alert>
              <Table size="sm">
                <caption className="visually-hidden">Erreurs du fichier</caption>
                <thead>
                  <tr>
                    <th scope="col">Ligne</th>
                    <th scope="col">Champ</th>
                    <th scope="col">Message</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.erreurs.map((error, index) => (
                    <tr key={index}>
                      <td>{error.ligne}</td>
                      <td>{error.champ}</td>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          ) : (
            <>
              {preview.apercu.length > 0 && <PreviewList products={preview.apercu} />}
            <Button
              variant="success"
              disabled={busy}
              onClick={async () => {
                const result = await send(false)
                if (result) {
                  toast.success(`Import terminé : ${result.produits_crees} produit(s) créé(s), ${result.produits_modifies} modifié(s)`)
                  setPreview(null)
                  setCsv(null)
                }
              }}
            >
              Confirmer l'import
            </Button>
            </>
          )}
        </Card>
      )}
    </>
  )
}
