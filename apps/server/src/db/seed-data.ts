// The demo shop's content: catalogue, slides, preferences, depots, payment and delivery modes,
// loyalty tiers. Pure data; every `image` is a media key rendered by scripts/build-media.ts.
import type { DepotHours } from '@teranga/shared/backoffice-settings'
import { DELIVERY_FEES } from '@teranga/shared/delivery-zones'

interface SeedProductFields {
  /** The product's reference; a lone variant's SKU too. */
  code: string
  designation: string
  description: string
  unite: string
  image: string
}

/** A product sold in one form: its one variant has its code, price and stock. */
export interface SeedSingleProduct extends SeedProductFields {
  /** Integer FCFA. */
  prix: number
  /** Units in stock. */
  quantite: number
}

/** One sold combination of a grouped product: its values in its options' order (ADR 053 §8). */
export interface SeedVariant {
  valeurs: string[]
  code: string
  /** Integer FCFA. */
  prix: number
  /** Units in stock. */
  quantite: number
}

/** A product with options, one variant per combination sold, in the buttons' order. */
export interface SeedGroupedProduct extends SeedProductFields {
  options: Array<{ nom: string; valeurs: string[] }>
  variantes: SeedVariant[]
}

export type SeedProduct = SeedSingleProduct | SeedGroupedProduct

export const isGrouped = (product: SeedProduct): product is SeedGroupedProduct => 'variantes' in product

/** Every sold form of a product: a grouped product's variants, or a single product as its one variant. */
export function seedVariants(product: SeedProduct): SeedVariant[] {
  return isGrouped(product) ? product.variantes : [{ valeurs: [], code: product.code, prix: product.prix, quantite: product.quantite }]
}

export interface SeedSubcategory {
  designation: string
  image: string
  produits: SeedProduct[]
}

export interface SeedCategory {
  designation: string
  image: string
  souscategories: SeedSubcategory[]
}

/**
 * Ten aisles of a Dakar neighbourhood online supermarket. Codes are a 3-letter aisle prefix plus
 * four digits; product images are Fluent Emoji Flat icon names under 'catalogue/'.
 */
export const CATALOGUE: SeedCategory[] = [
  {
    designation: 'Épicerie',
    image: 'catalogue/cooked-rice',
    souscategories: [
      {
        designation: 'Riz et céréales',
        image: 'catalogue/sheaf-of-rice',
        produits: [
          { code: 'EPI-G01', designation: 'Riz brisé parfumé', description: 'Riz brisé parfumé, le riz du thiéboudienne. Grains réguliers, cuisson homogène ; en sac de 5 kg ou le grand sac familial de 25 kg, pour tout le mois.', unite: 'sac', image: 'catalogue/cooked-rice', options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }], variantes: [{ valeurs: ['5 kg'], code: 'EPI-0001', prix: 4000, quantite: 140 }, { valeurs: ['25 kg'], code: 'EPI-0002', prix: 17500, quantite: 2 }] },
          { code: 'EPI-0003', designation: 'Riz brisé ordinaire (le kg)', description: 'Riz brisé non parfumé vendu au kilo, économique pour les repas de tous les jours.', prix: 450, quantite: 200, unite: 'kg', image: 'catalogue/cooked-rice' },
          { code: 'EPI-0004', designation: 'Riz local de la vallée 5 kg', description: 'Riz blanchi cultivé dans la vallée du fleuve Sénégal. Savoureux et produit chez nous.', prix: 2750, quantite: 85, unite: 'sac', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0005', designation: 'Riz long grain 1 kg', description: 'Riz long grain qui reste bien détaché après cuisson, idéal pour le riz au poulet.', prix: 1000, quantite: 60, unite: 'paquet', image: 'catalogue/cooked-rice' },
          { code: 'EPI-0006', designation: 'Sankhal (mil concassé) 1 kg', description: 'Mil concassé pour le lakh, le fondé et la bouillie du matin.', prix: 700, quantite: 70, unite: 'sachet', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0007', designation: 'Araw de mil 1 kg', description: 'Granules de mil roulées à la main, pour le lakh et le ngalakh.', prix: 1000, quantite: 45, unite: 'sachet', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0008', designation: 'Thiéré (couscous de mil) 1 kg', description: 'Couscous de mil cuit à la vapeur et séché, prêt pour le thiéré mboum ou le thiakry.', prix: 1250, quantite: 55, unite: 'sachet', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0009', designation: 'Fonio précuit 1 kg', description: 'Fonio trié et précuit, prêt en cinq minutes. Riche en fibres et sans gluten.', prix: 2000, quantite: 30, unite: 'paquet', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0010', designation: 'Maïs concassé 1 kg', description: 'Maïs sec concassé pour les bouillies et le couscous de maïs.', prix: 600, quantite: 40, unite: 'sachet', image: 'catalogue/ear-of-corn' },
        ],
      },
      {
        designation: 'Huiles et condiments',
        image: 'catalogue/salt',
        produits: [
          { code: 'EPI-0011', designation: "Huile d'arachide 1 L", description: "Huile d'arachide raffinée au goût doux, pour la friture comme pour le mafé.", prix: 1800, quantite: 120, unite: 'bouteille', image: 'catalogue/peanuts' },
          { code: 'EPI-G02', designation: 'Huile végétale raffinée', description: 'Huile végétale pour la cuisine de tous les jours et la friture ; le bidon de 5 litres est plus économique pour les familles nombreuses.', unite: 'bouteille', image: 'catalogue/sunflower', options: [{ nom: 'Contenance', valeurs: ['1 L', '5 L'] }], variantes: [{ valeurs: ['1 L'], code: 'EPI-0012', prix: 1300, quantite: 150 }, { valeurs: ['5 L'], code: 'EPI-0013', prix: 6500, quantite: 48 }] },
          { code: 'EPI-0014', designation: 'Huile de palme rouge 1 L', description: 'Huile de palme non raffinée, indispensable pour la soupe kandia.', prix: 1500, quantite: 25, unite: 'bouteille', image: 'catalogue/palm-tree' },
          { code: 'EPI-0015', designation: "Huile d'olive vierge extra 50 cl", description: "Huile d'olive de première pression à froid, pour les salades et les marinades.", prix: 5000, quantite: 18, unite: 'bouteille', image: 'catalogue/olive' },
          { code: 'EPI-0016', designation: 'Sel iodé 1 kg', description: 'Sel fin iodé pour la cuisine et la table.', prix: 250, quantite: 180, unite: 'sachet', image: 'catalogue/salt' },
          { code: 'EPI-0017', designation: 'Poivre noir moulu 50 g', description: 'Poivre noir finement moulu, pour relever marinades et grillades.', prix: 500, quantite: 65, unite: 'sachet', image: 'catalogue/salt' },
          { code: 'EPI-0018', designation: 'Piment en poudre 100 g', description: 'Piment rouge séché et moulu, fort et parfumé.', prix: 500, quantite: 50, unite: 'sachet', image: 'catalogue/hot-pepper' },
          { code: 'EPI-0019', designation: 'Nététou (soumbala) 100 g', description: 'Graines de néré fermentées, le condiment traditionnel des sauces sénégalaises.', prix: 500, quantite: 35, unite: 'sachet', image: 'catalogue/beans' },
          { code: 'EPI-0020', designation: 'Bouillon en cubes (boîte de 60)', description: 'Cubes de bouillon assaisonnés pour parfumer riz, sauces et ragoûts.', prix: 1500, quantite: 110, unite: 'boîte', image: 'catalogue/pot-of-food' },
          { code: 'EPI-0021', designation: "Pâte d'arachide 500 g", description: "Pâte d'arachide pure, grillée et moulue, la base du mafé.", prix: 1200, quantite: 60, unite: 'pot', image: 'catalogue/peanuts' },
          { code: 'EPI-0022', designation: 'Vinaigre blanc 1 L', description: "Vinaigre d'alcool pour les sauces, les marinades et la sauce oignon du yassa.", prix: 600, quantite: 75, unite: 'bouteille', image: 'catalogue/pouring-liquid' },
          { code: 'EPI-0023', designation: 'Moutarde 370 g', description: 'Moutarde forte en bocal, incontournable du poulet yassa.', prix: 1100, quantite: 40, unite: 'bocal', image: 'catalogue/jar' },
          { code: 'EPI-0024', designation: 'Mayonnaise 475 g', description: 'Mayonnaise onctueuse pour les sandwichs, les frites et les salades.', prix: 1800, quantite: 38, unite: 'bocal', image: 'catalogue/jar' },
        ],
      },
      {
        designation: 'Pâtes, farines et légumineuses',
        image: 'catalogue/spaghetti',
        produits: [
          { code: 'EPI-0025', designation: 'Spaghetti 500 g', description: 'Spaghetti de blé dur, cuisson 9 minutes.', prix: 500, quantite: 130, unite: 'paquet', image: 'catalogue/spaghetti' },
          { code: 'EPI-0026', designation: 'Macaroni 500 g', description: 'Macaronis de blé dur, parfaits en sauce ou gratinés.', prix: 500, quantite: 95, unite: 'paquet', image: 'catalogue/spaghetti' },
          { code: 'EPI-0027', designation: 'Vermicelles 500 g', description: 'Vermicelles fins pour le dessert sucré aux raisins ou les soupes.', prix: 450, quantite: 70, unite: 'paquet', image: 'catalogue/spaghetti' },
          { code: 'EPI-0028', designation: 'Farine de blé 1 kg', description: 'Farine de blé tout usage pour les beignets, les fatayas et les gâteaux.', prix: 650, quantite: 90, unite: 'paquet', image: 'catalogue/sheaf-of-rice' },
          { code: 'EPI-0029', designation: 'Farine de maïs 1 kg', description: 'Farine de maïs fine pour les bouillies et les galettes.', prix: 600, quantite: 45, unite: 'paquet', image: 'catalogue/ear-of-corn' },
          { code: 'EPI-0030', designation: 'Niébé 1 kg', description: 'Haricots niébé secs, triés, pour le ndambé et les accras.', prix: 1200, quantite: 55, unite: 'sachet', image: 'catalogue/beans' },
          { code: 'EPI-0031', designation: 'Lentilles vertes 500 g', description: 'Lentilles vertes à cuisson rapide, riches en protéines.', prix: 900, quantite: 28, unite: 'sachet', image: 'catalogue/beans' },
        ],
      },
      {
        designation: 'Conserves et sauces',
        image: 'catalogue/canned-food',
        produits: [
          { code: 'EPI-G03', designation: 'Tomate concentrée', description: 'Double concentré de tomate, pour thiéboudienne et sauces : le sachet pour un plat, la boîte, ou la grande boîte pour les cérémonies et les restaurants.', unite: 'boîte', image: 'catalogue/canned-food', options: [{ nom: 'Contenance', valeurs: ['70 g', '400 g', '2,2 kg'] }], variantes: [{ valeurs: ['70 g'], code: 'EPI-0032', prix: 150, quantite: 200 }, { valeurs: ['400 g'], code: 'EPI-0033', prix: 800, quantite: 110 }, { valeurs: ['2,2 kg'], code: 'EPI-0034', prix: 3500, quantite: 0 }] },
          { code: 'EPI-0035', designation: "Sardines à l'huile 125 g", description: "Sardines entières à l'huile végétale, prêtes à manger.", prix: 550, quantite: 120, unite: 'boîte', image: 'catalogue/fish' },
          { code: 'EPI-0036', designation: "Thon à l'huile 160 g", description: "Miettes de thon à l'huile, pour les salades et les sandwichs.", prix: 1100, quantite: 75, unite: 'boîte', image: 'catalogue/fish' },
          { code: 'EPI-0037', designation: 'Petits pois en conserve 400 g', description: 'Petits pois extra-fins, à réchauffer en accompagnement.', prix: 650, quantite: 40, unite: 'boîte', image: 'catalogue/pea-pod' },
        ],
      },
      {
        designation: 'Sucre, lait et boissons chaudes',
        image: 'catalogue/hot-beverage',
        produits: [
          { code: 'EPI-G04', designation: 'Sucre', description: "Sucre blanc, en poudre pour le thé, les jus et les desserts, ou en morceaux, pratique pour le café et l'ataya.", unite: 'paquet', image: 'catalogue/salt', options: [{ nom: 'Forme', valeurs: ['en poudre 1 kg', 'en morceaux 1 kg'] }], variantes: [{ valeurs: ['en poudre 1 kg'], code: 'EPI-0038', prix: 700, quantite: 160 }, { valeurs: ['en morceaux 1 kg'], code: 'EPI-0039', prix: 900, quantite: 65 }] },
          { code: 'EPI-G05', designation: 'Lait en poudre entier', description: 'Lait entier en poudre, pour le petit-déjeuner et le lait caillé maison ; la grande boîte pour toute la famille.', unite: 'boîte', image: 'catalogue/glass-of-milk', options: [{ nom: 'Contenance', valeurs: ['400 g', '2,5 kg'] }], variantes: [{ valeurs: ['400 g'], code: 'EPI-0040', prix: 2400, quantite: 90 }, { valeurs: ['2,5 kg'], code: 'EPI-0041', prix: 12500, quantite: 12 }] },
          { code: 'EPI-0042', designation: 'Lait en poudre dose 22,5 g', description: 'Sachet individuel de lait en poudre, une tasse de lait.', prix: 100, quantite: 200, unite: 'sachet', image: 'catalogue/glass-of-milk' },
          { code: 'EPI-0043', designation: 'Lait concentré sucré 397 g', description: 'Lait concentré sucré en boîte, pour le café et les desserts.', prix: 800, quantite: 85, unite: 'boîte', image: 'catalogue/glass-of-milk' },
          { code: 'EPI-G06', designation: 'Café Touba moulu', description: 'Café torréfié au poivre de Guinée (djar), moulu finement selon la tradition ; en format familial de 500 g aussi.', unite: 'sachet', image: 'catalogue/hot-beverage', options: [{ nom: 'Contenance', valeurs: ['250 g', '500 g'] }], variantes: [{ valeurs: ['250 g'], code: 'EPI-0044', prix: 1500, quantite: 95 }, { valeurs: ['500 g'], code: 'EPI-0045', prix: 2800, quantite: 40 }] },
          { code: 'EPI-0046', designation: 'Café soluble 100 g', description: 'Café instantané pur, prêt en un instant.', prix: 2000, quantite: 30, unite: 'bocal', image: 'catalogue/hot-beverage' },
          { code: 'EPI-0047', designation: 'Thé vert gunpowder 200 g', description: "Thé vert de Chine en grains roulés, pour préparer l'ataya en trois services.", prix: 1500, quantite: 110, unite: 'boîte', image: 'catalogue/teapot' },
          { code: 'EPI-0048', designation: 'Kinkéliba en feuilles 100 g', description: 'Feuilles séchées de kinkéliba, la tisane du petit-déjeuner sénégalais.', prix: 500, quantite: 60, unite: 'sachet', image: 'catalogue/herb' },
          { code: 'EPI-0049', designation: 'Chocolat en poudre 400 g', description: 'Cacao sucré en poudre pour un chocolat chaud ou froid.', prix: 2200, quantite: 35, unite: 'boîte', image: 'catalogue/chocolate-bar' },
        ],
      },
    ],
  },
  {
    designation: 'Fruits et légumes',
    image: 'catalogue/green-salad',
    souscategories: [
      {
        designation: 'Fruits',
        image: 'catalogue/mango',
        produits: [
          { code: 'FRU-0001', designation: 'Mangue Kent (le kg)', description: 'Mangue Kent des vergers des Niayes, chair fondante et sans fibres.', prix: 1000, quantite: 80, unite: 'kg', image: 'catalogue/mango' },
          { code: 'FRU-0002', designation: 'Mangue locale (le kg)', description: 'Mangues de variétés locales, sucrées et parfumées.', prix: 600, quantite: 60, unite: 'kg', image: 'catalogue/mango' },
          { code: 'FRU-0003', designation: 'Banane (le kg)', description: 'Bananes douces bien mûres, de Tambacounda.', prix: 1000, quantite: 70, unite: 'kg', image: 'catalogue/banana' },
          { code: 'FRU-0004', designation: 'Orange (le kg)', description: 'Oranges juteuses, idéales pour le jus pressé du matin.', prix: 1000, quantite: 65, unite: 'kg', image: 'catalogue/tangerine' },
          { code: 'FRU-0005', designation: 'Citron vert (le kg)', description: 'Citrons verts bien juteux, pour le yassa, les jus et les grillades.', prix: 1500, quantite: 40, unite: 'kg', image: 'catalogue/lime' },
          { code: 'FRU-0006', designation: 'Pastèque (la pièce)', description: 'Pastèque entière de 4 à 6 kg, rouge et rafraîchissante.', prix: 2000, quantite: 25, unite: 'pièce', image: 'catalogue/watermelon' },
          { code: 'FRU-0007', designation: 'Ananas (la pièce)', description: 'Ananas mûr à point, sucré et parfumé.', prix: 1500, quantite: 30, unite: 'pièce', image: 'catalogue/pineapple' },
          { code: 'FRU-0008', designation: 'Papaye (la pièce)', description: 'Papaye solo bien mûre, à déguster fraîche avec un filet de citron vert.', prix: 1200, quantite: 20, unite: 'pièce', image: 'catalogue/melon' },
          { code: 'FRU-0009', designation: 'Noix de coco (la pièce)', description: 'Noix de coco fraîche, avec son eau et sa chair.', prix: 600, quantite: 45, unite: 'pièce', image: 'catalogue/coconut' },
          { code: 'FRU-0010', designation: 'Avocat (la pièce)', description: 'Avocat crémeux, prêt à consommer sous deux jours.', prix: 350, quantite: 55, unite: 'pièce', image: 'catalogue/avocado' },
          { code: 'FRU-0011', designation: 'Pomme rouge (le kg)', description: 'Pommes rouges importées, croquantes et sucrées.', prix: 2500, quantite: 35, unite: 'kg', image: 'catalogue/red-apple' },
          { code: 'FRU-0012', designation: 'Madd (barquette de 500 g)', description: 'Fruits de madd acidulés, à croquer avec du sel, du sucre et du piment.', prix: 1000, quantite: 3, unite: 'barquette', image: 'catalogue/tangerine' },
        ],
      },
      {
        designation: 'Légumes frais',
        image: 'catalogue/tomato',
        produits: [
          { code: 'FRU-0013', designation: 'Oignons (le kg)', description: 'Oignons jaunes locaux, la base du yassa et de tous les plats mijotés.', prix: 600, quantite: 200, unite: 'kg', image: 'catalogue/onion' },
          { code: 'FRU-0014', designation: 'Oignons (sac de 25 kg)', description: "Le sac d'oignons pour les familles, les cérémonies et les restaurants.", prix: 12500, quantite: 6, unite: 'sac', image: 'catalogue/onion' },
          { code: 'FRU-0015', designation: 'Tomates fraîches (le kg)', description: 'Tomates rondes et fermes, pour les sauces et les salades.', prix: 1000, quantite: 90, unite: 'kg', image: 'catalogue/tomato' },
          { code: 'FRU-0016', designation: 'Gombo frais (le kg)', description: 'Gombos tendres pour le soupou kandia et le thiéboudienne.', prix: 1500, quantite: 40, unite: 'kg', image: 'catalogue/cucumber' },
          { code: 'FRU-0017', designation: 'Aubergine (le kg)', description: 'Aubergines violettes, à farcir ou à mijoter.', prix: 700, quantite: 45, unite: 'kg', image: 'catalogue/eggplant' },
          { code: 'FRU-0018', designation: 'Diakhatou (aubergine amère) (le kg)', description: 'Petites aubergines amères locales, indispensables au thiéboudienne.', prix: 800, quantite: 35, unite: 'kg', image: 'catalogue/eggplant' },
          { code: 'FRU-0019', designation: 'Chou pommé (la pièce)', description: 'Chou vert bien serré, pour le thiéboudienne et les salades.', prix: 500, quantite: 50, unite: 'pièce', image: 'catalogue/leafy-green' },
          { code: 'FRU-0020', designation: 'Carottes (le kg)', description: 'Carottes des Niayes, croquantes et sucrées.', prix: 800, quantite: 70, unite: 'kg', image: 'catalogue/carrot' },
          { code: 'FRU-0021', designation: 'Poivron vert (le kg)', description: 'Poivrons verts charnus pour les sauces, le yassa et les brochettes.', prix: 1500, quantite: 30, unite: 'kg', image: 'catalogue/bell-pepper' },
          { code: 'FRU-0022', designation: 'Piment frais 250 g', description: 'Piments frais forts, à utiliser avec modération.', prix: 400, quantite: 40, unite: 'sachet', image: 'catalogue/hot-pepper' },
          { code: 'FRU-0023', designation: 'Ail 250 g', description: "Têtes d'ail sec, pour les marinades et les sauces.", prix: 600, quantite: 60, unite: 'sachet', image: 'catalogue/garlic' },
          { code: 'FRU-0024', designation: 'Concombre (la pièce)', description: 'Concombre frais et croquant, pour les salades.', prix: 300, quantite: 50, unite: 'pièce', image: 'catalogue/cucumber' },
          { code: 'FRU-0025', designation: 'Laitue (la pièce)', description: 'Laitue fraîche des maraîchers des Niayes.', prix: 350, quantite: 30, unite: 'pièce', image: 'catalogue/green-salad' },
          { code: 'FRU-0026', designation: 'Persil (la botte)', description: 'Botte de persil frais pour les farces et les marinades.', prix: 100, quantite: 60, unite: 'botte', image: 'catalogue/herb' },
          { code: 'FRU-0027', designation: 'Menthe fraîche (la botte)', description: "Menthe fraîche pour parfumer l'ataya et les jus.", prix: 150, quantite: 70, unite: 'botte', image: 'catalogue/herb' },
        ],
      },
      {
        designation: 'Tubercules',
        image: 'catalogue/potato',
        produits: [
          { code: 'FRU-0028', designation: 'Pommes de terre (le kg)', description: 'Pommes de terre locales, pour les frites, les ragoûts et le yassa.', prix: 600, quantite: 150, unite: 'kg', image: 'catalogue/potato' },
          { code: 'FRU-0029', designation: 'Pommes de terre (sac de 5 kg)', description: 'Le sac de pommes de terre pour la semaine.', prix: 2750, quantite: 40, unite: 'sac', image: 'catalogue/potato' },
          { code: 'FRU-0030', designation: 'Manioc frais (le kg)', description: 'Racines de manioc fraîches, à bouillir pour le thiéboudienne ou à frire.', prix: 500, quantite: 55, unite: 'kg', image: 'catalogue/potato' },
          { code: 'FRU-0031', designation: 'Patate douce (le kg)', description: 'Patates douces à chair orange, délicieuses au four ou en beignets.', prix: 600, quantite: 45, unite: 'kg', image: 'catalogue/roasted-sweet-potato' },
          { code: 'FRU-0032', designation: 'Igname (le kg)', description: 'Igname à chair blanche, à bouillir ou à frire.', prix: 900, quantite: 20, unite: 'kg', image: 'catalogue/potato' },
          { code: 'FRU-0033', designation: 'Gingembre frais 250 g', description: 'Racines de gingembre frais pour le jus de gingembre et les marinades.', prix: 500, quantite: 50, unite: 'sachet', image: 'catalogue/ginger-root' },
        ],
      },
      {
        designation: 'Produits secs du marché',
        image: 'catalogue/hibiscus',
        produits: [
          { code: 'FRU-0034', designation: 'Bissap séché 250 g', description: "Fleurs d'hibiscus rouge séchées, pour préparer le jus de bissap maison.", prix: 750, quantite: 80, unite: 'sachet', image: 'catalogue/hibiscus' },
          { code: 'FRU-0035', designation: 'Poudre de bouye 500 g', description: 'Pulpe de pain de singe (fruit du baobab) en poudre, pour le jus de bouye et le thiakry.', prix: 1500, quantite: 40, unite: 'sachet', image: 'catalogue/deciduous-tree' },
          { code: 'FRU-0036', designation: 'Tamarin (dakhar) 250 g', description: 'Pulpe de tamarin acidulée, pour les jus et la sauce du thiou.', prix: 500, quantite: 30, unite: 'sachet', image: 'catalogue/pea-pod' },
          { code: 'FRU-0037', designation: 'Lalo (feuilles de baobab) 100 g', description: 'Feuilles de baobab séchées et moulues, pour lier le couscous de mil.', prix: 300, quantite: 25, unite: 'sachet', image: 'catalogue/leafy-green' },
          { code: 'FRU-0038', designation: 'Arachides décortiquées 1 kg', description: 'Arachides crues décortiquées du bassin arachidier, à griller ou à moudre.', prix: 1500, quantite: 60, unite: 'sachet', image: 'catalogue/peanuts' },
        ],
      },
    ],
  },
  {
    designation: 'Boissons',
    image: 'catalogue/tropical-drink',
    souscategories: [
      {
        designation: 'Eaux',
        image: 'catalogue/droplet',
        produits: [
          { code: 'BOI-G01', designation: 'Eau minérale naturelle', description: "Eau minérale naturelle faiblement minéralisée, puisée au Sénégal : la petite bouteille à emporter, la grande, ou le pack de six livré jusqu'à votre porte.", unite: 'bouteille', image: 'catalogue/droplet', options: [{ nom: 'Format', valeurs: ['0,5 L', '1,5 L', 'pack de 6 × 1,5 L'] }], variantes: [{ valeurs: ['0,5 L'], code: 'BOI-0002', prix: 200, quantite: 180 }, { valeurs: ['1,5 L'], code: 'BOI-0001', prix: 300, quantite: 200 }, { valeurs: ['pack de 6 × 1,5 L'], code: 'BOI-0003', prix: 1750, quantite: 120 }] },
          { code: 'BOI-0004', designation: 'Eau minérale en bonbonne 10 L', description: 'Bonbonne de 10 litres avec robinet, pour la cuisine et la fontaine.', prix: 1200, quantite: 60, unite: 'bonbonne', image: 'catalogue/potable-water' },
          { code: 'BOI-0005', designation: 'Eau en sachet 40 cl (lot de 30)', description: "Sachets d'eau purifiée bien pratiques pour les cérémonies et les longues journées.", prix: 1200, quantite: 50, unite: 'lot', image: 'catalogue/droplet' },
        ],
      },
      {
        designation: 'Jus locaux',
        image: 'catalogue/hibiscus',
        produits: [
          { code: 'BOI-0006', designation: 'Jus de bissap 1 L', description: "Jus de fleurs d'hibiscus à la menthe, préparé artisanalement à Dakar. À servir bien frais.", prix: 1000, quantite: 60, unite: 'bouteille', image: 'catalogue/cup-with-straw' },
          { code: 'BOI-0007', designation: 'Jus de bouye 1 L', description: 'Jus onctueux de pain de singe, légèrement vanillé.', prix: 1250, quantite: 40, unite: 'bouteille', image: 'catalogue/bubble-tea' },
          { code: 'BOI-0008', designation: 'Jus de gingembre 1 L', description: 'Jus de gingembre frais au citron, bien relevé.', prix: 1000, quantite: 55, unite: 'bouteille', image: 'catalogue/ginger-root' },
          { code: 'BOI-0009', designation: 'Jus de ditakh 1 L', description: 'Jus du fruit de ditakh, vert, acidulé et riche en vitamine C.', prix: 1500, quantite: 0, unite: 'bouteille', image: 'catalogue/tropical-drink' },
          { code: 'BOI-0010', designation: 'Jus de mangue 1 L', description: 'Pur jus de mangues du Sénégal, sans sucre ajouté.', prix: 1200, quantite: 35, unite: 'bouteille', image: 'catalogue/mango' },
          { code: 'BOI-0011', designation: "Nectar d'orange 1 L", description: "Nectar d'orange en brique, pour le petit-déjeuner.", prix: 1300, quantite: 45, unite: 'brique', image: 'catalogue/beverage-box' },
        ],
      },
      {
        designation: 'Sodas et boissons énergisantes',
        image: 'catalogue/cup-with-straw',
        produits: [
          { code: 'BOI-0012', designation: 'Soda au cola 1,5 L', description: 'Boisson gazeuse au cola, à servir très frais.', prix: 900, quantite: 100, unite: 'bouteille', image: 'catalogue/cup-with-straw' },
          { code: 'BOI-0013', designation: "Soda à l'orange 1,5 L", description: "Boisson gazeuse à l'orange, pétillante et fruitée.", prix: 900, quantite: 80, unite: 'bouteille', image: 'catalogue/tangerine' },
          { code: 'BOI-0014', designation: 'Limonade 1,5 L', description: 'Limonade pétillante au citron, légère et désaltérante.', prix: 750, quantite: 70, unite: 'bouteille', image: 'catalogue/lemon' },
          { code: 'BOI-0015', designation: 'Soda au cola 33 cl', description: 'La canette de cola, pour une pause fraîcheur.', prix: 400, quantite: 150, unite: 'canette', image: 'catalogue/cup-with-straw' },
          { code: 'BOI-0016', designation: 'Boisson gazeuse au gingembre 33 cl', description: 'Soda pétillant au gingembre, piquant et rafraîchissant.', prix: 450, quantite: 60, unite: 'canette', image: 'catalogue/ginger-root' },
          { code: 'BOI-0017', designation: 'Boisson énergisante 25 cl', description: 'Boisson énergisante à la caféine et à la taurine. Déconseillée aux enfants et aux femmes enceintes.', prix: 700, quantite: 50, unite: 'canette', image: 'catalogue/high-voltage' },
        ],
      },
      {
        designation: 'Sirops',
        image: 'catalogue/cherries',
        produits: [
          { code: 'BOI-0018', designation: 'Sirop de grenadine 75 cl', description: "Sirop de grenadine à diluer dans l'eau fraîche.", prix: 1800, quantite: 30, unite: 'bouteille', image: 'catalogue/cherries' },
          { code: 'BOI-0019', designation: 'Sirop de menthe 75 cl', description: 'Sirop de menthe verte, rafraîchissant à souhait.', prix: 1800, quantite: 25, unite: 'bouteille', image: 'catalogue/herb' },
          { code: 'BOI-0020', designation: 'Sirop de bissap 75 cl', description: 'Concentré de bissap sucré : une bouteille donne cinq litres de jus.', prix: 2000, quantite: 20, unite: 'bouteille', image: 'catalogue/hibiscus' },
        ],
      },
    ],
  },
  {
    designation: 'Boucherie et poissonnerie',
    image: 'catalogue/cut-of-meat',
    souscategories: [
      {
        designation: 'Viandes',
        image: 'catalogue/meat-on-bone',
        produits: [
          { code: 'BOU-0001', designation: 'Viande de bœuf avec os (le kg)', description: 'Morceaux de bœuf avec os, parfaits pour le mafé et le thiou.', prix: 4000, quantite: 60, unite: 'kg', image: 'catalogue/cut-of-meat' },
          { code: 'BOU-0002', designation: 'Viande de bœuf sans os (le kg)', description: 'Bœuf paré sans os, pour les brochettes, les ragoûts et le dibi.', prix: 5000, quantite: 45, unite: 'kg', image: 'catalogue/cut-of-meat' },
          { code: 'BOU-0003', designation: 'Viande hachée de bœuf 500 g', description: 'Bœuf haché frais du jour, pour les boulettes et les fatayas.', prix: 2800, quantite: 30, unite: 'barquette', image: 'catalogue/cut-of-meat' },
          { code: 'BOU-0004', designation: 'Foie de bœuf (le kg)', description: "Foie de bœuf frais, à griller à l'oignon.", prix: 4500, quantite: 12, unite: 'kg', image: 'catalogue/cut-of-meat' },
          { code: 'BOU-0005', designation: 'Gigot de mouton (le kg)', description: 'Gigot de mouton tendre, pour le four ou la dibiterie maison.', prix: 5500, quantite: 20, unite: 'kg', image: 'catalogue/meat-on-bone' },
          { code: 'BOU-0006', designation: 'Côtes de mouton (le kg)', description: 'Côtelettes de mouton à griller, marinées ou nature.', prix: 5000, quantite: 25, unite: 'kg', image: 'catalogue/meat-on-bone' },
          { code: 'BOU-0007', designation: 'Saucisses de bœuf 500 g', description: 'Saucisses de bœuf halal, à griller ou à poêler.', prix: 2000, quantite: 35, unite: 'paquet', image: 'catalogue/hot-dog' },
          { code: 'BOU-0008', designation: 'Merguez 500 g', description: 'Merguez de bœuf et de mouton épicées, pour les grillades.', prix: 2500, quantite: 1, unite: 'paquet', image: 'catalogue/hot-dog' },
        ],
      },
      {
        designation: 'Volailles',
        image: 'catalogue/poultry-leg',
        produits: [
          { code: 'BOU-0009', designation: 'Poulet entier prêt à cuire (1,2 kg)', description: 'Poulet de chair local, vidé et nettoyé, prêt pour le yassa.', prix: 3500, quantite: 50, unite: 'pièce', image: 'catalogue/poultry-leg' },
          { code: 'BOU-0010', designation: 'Cuisses de poulet 1 kg', description: 'Cuisses de poulet charnues, à griller ou à braiser.', prix: 2500, quantite: 70, unite: 'sachet', image: 'catalogue/poultry-leg' },
          { code: 'BOU-0011', designation: 'Ailes de poulet 1 kg', description: 'Ailes de poulet à mariner et à griller pour les soirées.', prix: 2000, quantite: 55, unite: 'sachet', image: 'catalogue/poultry-leg' },
          { code: 'BOU-0012', designation: 'Filets de poulet 500 g', description: 'Blancs de poulet sans peau, pour les brochettes et les salades.', prix: 2500, quantite: 30, unite: 'barquette', image: 'catalogue/poultry-leg' },
          { code: 'BOU-0013', designation: 'Gésiers de poulet 500 g', description: 'Gésiers nettoyés, à mijoter en sauce oignon.', prix: 1250, quantite: 25, unite: 'barquette', image: 'catalogue/poultry-leg' },
          { code: 'BOU-0014', designation: 'Pintade entière (la pièce)', description: 'Pintade fermière entière, chair ferme et goûteuse.', prix: 5000, quantite: 0, unite: 'pièce', image: 'catalogue/turkey' },
        ],
      },
      {
        designation: 'Poissons et fruits de mer',
        image: 'catalogue/fish',
        produits: [
          { code: 'BOU-0015', designation: 'Thiof (le kg)', description: 'Mérou blanc pêché au large de Dakar, le roi du thiéboudienne.', prix: 7000, quantite: 3, unite: 'kg', image: 'catalogue/fish' },
          { code: 'BOU-0016', designation: 'Yaboye (le kg)', description: 'Sardinelles fraîches du jour, à frire ou à griller.', prix: 1000, quantite: 80, unite: 'kg', image: 'catalogue/fish' },
          { code: 'BOU-0017', designation: 'Capitaine (le kg)', description: 'Capitaine à chair blanche et fine, idéal braisé.', prix: 5000, quantite: 15, unite: 'kg', image: 'catalogue/fish' },
          { code: 'BOU-0018', designation: 'Dorade (le kg)', description: 'Dorade grise entière, écaillée et vidée à la demande.', prix: 3500, quantite: 25, unite: 'kg', image: 'catalogue/fish' },
          { code: 'BOU-0019', designation: 'Mulet (le kg)', description: 'Mulet frais, pour le poisson braisé et le thiou.', prix: 2500, quantite: 20, unite: 'kg', image: 'catalogue/fish' },
          { code: 'BOU-0020', designation: 'Crevettes fraîches (le kg)', description: 'Crevettes de la Petite-Côte, entières et crues.', prix: 6000, quantite: 10, unite: 'kg', image: 'catalogue/shrimp' },
          { code: 'BOU-0021', designation: 'Calamars (le kg)', description: 'Calamars entiers nettoyés, à frire ou à cuisiner en sauce.', prix: 4000, quantite: 12, unite: 'kg', image: 'catalogue/squid' },
          { code: 'BOU-0022', designation: 'Huîtres de mangrove (la douzaine)', description: 'Huîtres du delta du Saloum, à déguster crues ou grillées.', prix: 3000, quantite: 0, unite: 'douzaine', image: 'catalogue/oyster' },
        ],
      },
      {
        designation: 'Poissons séchés et fermentés',
        image: 'catalogue/spiral-shell',
        produits: [
          { code: 'BOU-0023', designation: 'Guedj (poisson séché) 250 g', description: 'Poisson fermenté et séché au soleil, qui donne tout son goût au thiéboudienne.', prix: 1000, quantite: 40, unite: 'sachet', image: 'catalogue/fish' },
          { code: 'BOU-0024', designation: 'Yet (volute fermentée) 100 g', description: 'Mollusque fermenté et séché, à utiliser en petite quantité dans le riz au poisson.', prix: 1000, quantite: 30, unite: 'sachet', image: 'catalogue/spiral-shell' },
          { code: 'BOU-0025', designation: 'Kéthiakh (poisson braisé séché) 250 g', description: 'Sardinelles braisées et séchées, pour le riz kéthiakh et les sauces.', prix: 750, quantite: 35, unite: 'sachet', image: 'catalogue/fish' },
        ],
      },
    ],
  },
  {
    designation: 'Produits laitiers et œufs',
    image: 'catalogue/glass-of-milk',
    souscategories: [
      {
        designation: 'Laits',
        image: 'catalogue/glass-of-milk',
        produits: [
          { code: 'LAI-0001', designation: 'Lait UHT entier 1 L', description: 'Lait entier stérilisé UHT, se conserve hors du frigo avant ouverture.', prix: 1100, quantite: 90, unite: 'brique', image: 'catalogue/glass-of-milk' },
          { code: 'LAI-0002', designation: 'Lait UHT demi-écrémé 1 L', description: 'Lait demi-écrémé UHT, plus léger, pour toute la famille.', prix: 1100, quantite: 60, unite: 'brique', image: 'catalogue/glass-of-milk' },
          { code: 'LAI-0003', designation: 'Lait frais pasteurisé 50 cl', description: 'Lait frais collecté auprès des éleveurs du Nord, à conserver au frais.', prix: 600, quantite: 40, unite: 'bouteille', image: 'catalogue/glass-of-milk' },
        ],
      },
      {
        designation: 'Lait caillé et yaourts',
        image: 'catalogue/bowl-with-spoon',
        produits: [
          { code: 'LAI-0004', designation: 'Lait caillé sucré 500 g', description: "Sow sucré onctueux, délicieux avec le thiéré ou l'araw.", prix: 600, quantite: 70, unite: 'pot', image: 'catalogue/bowl-with-spoon' },
          { code: 'LAI-0005', designation: 'Lait caillé nature 1 L', description: 'Lait caillé nature non sucré, à sucrer selon votre goût.', prix: 1000, quantite: 45, unite: 'pot', image: 'catalogue/bowl-with-spoon' },
          { code: 'LAI-0006', designation: 'Thiakry 500 g', description: 'Dessert de granules de mil au lait caillé sucré, parfumé à la vanille et à la muscade.', prix: 1000, quantite: 30, unite: 'pot', image: 'catalogue/bowl-with-spoon' },
          { code: 'LAI-0007', designation: 'Yaourt nature (pack de 4)', description: 'Yaourts nature au lait entier, brassés et crémeux.', prix: 1200, quantite: 50, unite: 'pack', image: 'catalogue/bowl-with-spoon' },
          { code: 'LAI-0008', designation: 'Yaourt aux fruits (pack de 4)', description: 'Yaourts aux morceaux de fraise et de mangue.', prix: 1400, quantite: 40, unite: 'pack', image: 'catalogue/strawberry' },
        ],
      },
      {
        designation: 'Beurre, crème et fromages',
        image: 'catalogue/cheese-wedge',
        produits: [
          { code: 'LAI-0009', designation: 'Beurre doux 250 g', description: 'Beurre doux en plaquette, pour les tartines et la pâtisserie.', prix: 1800, quantite: 35, unite: 'plaquette', image: 'catalogue/butter' },
          { code: 'LAI-0010', designation: 'Margarine 500 g', description: 'Margarine à tartiner et à cuisiner, en pot refermable.', prix: 1500, quantite: 55, unite: 'pot', image: 'catalogue/butter' },
          { code: 'LAI-0011', designation: 'Crème fraîche épaisse 20 cl', description: 'Crème fraîche épaisse pour les sauces et les desserts.', prix: 1200, quantite: 20, unite: 'pot', image: 'catalogue/jar' },
          { code: 'LAI-0012', designation: 'Fromage fondu en portions (boîte de 16)', description: 'Portions de fromage fondu, le goûter préféré des enfants.', prix: 2000, quantite: 45, unite: 'boîte', image: 'catalogue/cheese-wedge' },
          { code: 'LAI-0013', designation: 'Emmental râpé 200 g', description: 'Emmental râpé pour gratiner pâtes et pizzas.', prix: 2500, quantite: 15, unite: 'sachet', image: 'catalogue/cheese-wedge' },
        ],
      },
      {
        designation: 'Œufs',
        image: 'catalogue/egg',
        produits: [
          { code: 'LAI-0014', designation: 'Œufs frais (plateau de 30)', description: 'Plateau de 30 œufs frais de poules élevées dans la région de Thiès.', prix: 3000, quantite: 40, unite: 'plateau', image: 'catalogue/egg' },
          { code: 'LAI-0015', designation: 'Œufs frais (boîte de 12)', description: 'Douze œufs frais calibre moyen.', prix: 1300, quantite: 50, unite: 'boîte', image: 'catalogue/egg' },
          { code: 'LAI-0016', designation: 'Œufs frais (boîte de 6)', description: 'Six œufs frais, pour les petites familles.', prix: 700, quantite: 60, unite: 'boîte', image: 'catalogue/egg' },
        ],
      },
    ],
  },
  {
    designation: 'Boulangerie et petit-déjeuner',
    image: 'catalogue/croissant',
    souscategories: [
      {
        designation: 'Pains',
        image: 'catalogue/baguette-bread',
        produits: [
          { code: 'BLG-0001', designation: 'Baguette (190 g)', description: 'Baguette croustillante cuite plusieurs fois par jour.', prix: 150, quantite: 200, unite: 'pièce', image: 'catalogue/baguette-bread' },
          { code: 'BLG-0002', designation: 'Pain tapalapa', description: 'Pain traditionnel à la mie dense, parfait avec le ndambé ou le café Touba.', prix: 100, quantite: 120, unite: 'pièce', image: 'catalogue/baguette-bread' },
          { code: 'BLG-0003', designation: 'Pain de mie 500 g', description: 'Pain de mie moelleux en tranches, pour les sandwichs et les tartines.', prix: 1000, quantite: 40, unite: 'paquet', image: 'catalogue/bread' },
          { code: 'BLG-0004', designation: 'Pain complet 400 g', description: 'Pain complet riche en fibres, tranché.', prix: 900, quantite: 20, unite: 'paquet', image: 'catalogue/bread' },
        ],
      },
      {
        designation: 'Viennoiseries et pâtisseries',
        image: 'catalogue/doughnut',
        produits: [
          { code: 'BLG-0005', designation: 'Croissant au beurre', description: 'Croissant pur beurre, feuilleté et doré.', prix: 300, quantite: 60, unite: 'pièce', image: 'catalogue/croissant' },
          { code: 'BLG-0006', designation: 'Pain au chocolat', description: 'Viennoiserie feuilletée aux deux barres de chocolat.', prix: 350, quantite: 50, unite: 'pièce', image: 'catalogue/croissant' },
          { code: 'BLG-0007', designation: 'Beignets sucrés (lot de 5)', description: 'Beignets moelleux saupoudrés de sucre, comme au coin de la rue.', prix: 500, quantite: 40, unite: 'lot', image: 'catalogue/doughnut' },
          { code: 'BLG-0008', designation: 'Fatayas à la viande (lot de 4)', description: 'Chaussons frits farcis à la viande hachée épicée, servis avec sauce tomate.', prix: 600, quantite: 2, unite: 'lot', image: 'catalogue/dumpling' },
          { code: 'BLG-0009', designation: 'Madeleines (sachet de 10)', description: 'Madeleines moelleuses au beurre, pour le goûter.', prix: 1000, quantite: 35, unite: 'sachet', image: 'catalogue/cupcake' },
          { code: 'BLG-0010', designation: 'Quatre-quarts 300 g', description: 'Gâteau quatre-quarts moelleux, à partager au goûter.', prix: 1500, quantite: 20, unite: 'pièce', image: 'catalogue/shortcake' },
        ],
      },
      {
        designation: 'Confitures, miel et pâtes à tartiner',
        image: 'catalogue/honey-pot',
        produits: [
          { code: 'BLG-0011', designation: 'Confiture de fraises 370 g', description: 'Confiture de fraises riche en fruits.', prix: 1500, quantite: 30, unite: 'bocal', image: 'catalogue/strawberry' },
          { code: 'BLG-0012', designation: 'Confiture de mangue 370 g', description: 'Confiture artisanale de mangues du Sénégal.', prix: 1500, quantite: 25, unite: 'bocal', image: 'catalogue/mango' },
          { code: 'BLG-0013', designation: 'Pâte à tartiner cacao-noisettes 400 g', description: 'Pâte à tartiner onctueuse au cacao et aux noisettes.', prix: 2800, quantite: 30, unite: 'pot', image: 'catalogue/chocolate-bar' },
          { code: 'BLG-0014', designation: 'Miel pur de Casamance 500 g', description: 'Miel de mangrove récolté en Casamance, non pasteurisé.', prix: 3000, quantite: 18, unite: 'pot', image: 'catalogue/honey-pot' },
        ],
      },
      {
        designation: 'Céréales et biscuits',
        image: 'catalogue/cookie',
        produits: [
          { code: 'BLG-0015', designation: 'Pétales de maïs 375 g', description: 'Pétales de maïs grillés et croustillants, à servir avec du lait froid.', prix: 2200, quantite: 25, unite: 'boîte', image: 'catalogue/ear-of-corn' },
          { code: 'BLG-0016', designation: 'Céréales au chocolat 375 g', description: 'Céréales soufflées au chocolat pour un petit-déjeuner gourmand.', prix: 2500, quantite: 30, unite: 'boîte', image: 'catalogue/bowl-with-spoon' },
          { code: 'BLG-0017', designation: "Flocons d'avoine 500 g", description: "Flocons d'avoine complets pour le porridge et les pâtisseries.", prix: 1800, quantite: 20, unite: 'paquet', image: 'catalogue/bowl-with-spoon' },
          { code: 'BLG-0018', designation: 'Biscuits au beurre 200 g', description: 'Biscuits secs au beurre, à tremper dans le café au lait.', prix: 600, quantite: 80, unite: 'paquet', image: 'catalogue/cookie' },
          { code: 'BLG-0019', designation: 'Biscuits fourrés au chocolat 150 g', description: 'Biscuits croquants fourrés de crème au chocolat.', prix: 400, quantite: 90, unite: 'paquet', image: 'catalogue/cookie' },
        ],
      },
    ],
  },
  {
    designation: 'Hygiène et beauté',
    image: 'catalogue/lotion-bottle',
    souscategories: [
      {
        designation: 'Soins du corps',
        image: 'catalogue/soap',
        produits: [
          { code: 'HYG-0001', designation: 'Savon de toilette (lot de 4)', description: 'Savons doux à la glycérine pour toute la famille.', prix: 1200, quantite: 70, unite: 'lot', image: 'catalogue/soap' },
          { code: 'HYG-0002', designation: 'Savon antiseptique 90 g', description: 'Savon antibactérien pour se laver les mains et le corps.', prix: 450, quantite: 100, unite: 'pièce', image: 'catalogue/soap' },
          { code: 'HYG-0003', designation: 'Gel douche 500 ml', description: 'Gel douche hydratant au parfum frais.', prix: 1800, quantite: 40, unite: 'flacon', image: 'catalogue/bubbles' },
          { code: 'HYG-0004', designation: 'Beurre de karité pur 250 g', description: 'Beurre de karité brut, non raffiné, pour la peau et les cheveux.', prix: 1500, quantite: 45, unite: 'pot', image: 'catalogue/jar' },
          { code: 'HYG-0005', designation: 'Lait corporel hydratant 400 ml', description: 'Lait pour le corps au karité, nourrit les peaux sèches.', prix: 2000, quantite: 35, unite: 'flacon', image: 'catalogue/lotion-bottle' },
          { code: 'HYG-0006', designation: 'Huile de coco 250 ml', description: 'Huile de coco vierge pour la peau et les cheveux.', prix: 1500, quantite: 25, unite: 'flacon', image: 'catalogue/coconut' },
          { code: 'HYG-0007', designation: 'Rasoirs jetables (lot de 5)', description: 'Rasoirs à deux lames avec bande lubrifiante.', prix: 800, quantite: 50, unite: 'lot', image: 'catalogue/razor' },
        ],
      },
      {
        designation: 'Hygiène bucco-dentaire',
        image: 'catalogue/toothbrush',
        produits: [
          { code: 'HYG-0008', designation: 'Dentifrice au fluor 100 ml', description: 'Dentifrice au fluor, protection anticaries et haleine fraîche.', prix: 800, quantite: 90, unite: 'tube', image: 'catalogue/tooth' },
          { code: 'HYG-0009', designation: 'Brosses à dents souples (lot de 2)', description: 'Brosses à dents à poils souples, pour adultes.', prix: 700, quantite: 60, unite: 'lot', image: 'catalogue/toothbrush' },
          { code: 'HYG-0010', designation: 'Bain de bouche 250 ml', description: 'Bain de bouche à la menthe, sans alcool.', prix: 1800, quantite: 20, unite: 'flacon', image: 'catalogue/tooth' },
          { code: 'HYG-0011', designation: 'Sothiou (bâtonnets frotte-dents, lot de 5)', description: 'Bâtonnets de racine traditionnels pour nettoyer les dents.', prix: 200, quantite: 80, unite: 'lot', image: 'catalogue/wood' },
        ],
      },
      {
        designation: 'Soins des cheveux',
        image: 'catalogue/hair-pick',
        produits: [
          { code: 'HYG-0012', designation: 'Shampoing 400 ml', description: 'Shampoing doux pour cheveux secs et crépus.', prix: 1800, quantite: 40, unite: 'flacon', image: 'catalogue/lotion-bottle' },
          { code: 'HYG-0013', designation: 'Après-shampoing 400 ml', description: 'Après-shampoing démêlant au karité.', prix: 2000, quantite: 25, unite: 'flacon', image: 'catalogue/lotion-bottle' },
          { code: 'HYG-0014', designation: 'Huile capillaire 150 ml', description: 'Huile nourrissante pour le cuir chevelu et les tresses.', prix: 1500, quantite: 30, unite: 'flacon', image: 'catalogue/lotion-bottle' },
          { code: 'HYG-0015', designation: 'Peigne afro', description: 'Peigne à dents larges pour démêler sans casser.', prix: 300, quantite: 45, unite: 'pièce', image: 'catalogue/hair-pick' },
        ],
      },
      {
        designation: 'Déodorants et parfums',
        image: 'catalogue/rose',
        produits: [
          { code: 'HYG-0016', designation: 'Déodorant spray 150 ml', description: 'Déodorant en spray, protection 48 heures contre la transpiration.', prix: 1800, quantite: 40, unite: 'flacon', image: 'catalogue/sparkles' },
          { code: 'HYG-0017', designation: 'Déodorant à bille 50 ml', description: 'Déodorant à bille sans alcool, doux pour la peau.', prix: 1200, quantite: 35, unite: 'flacon', image: 'catalogue/lotion-bottle' },
          { code: 'HYG-0018', designation: 'Eau de Cologne 250 ml', description: "Eau de Cologne fraîche aux notes d'agrumes.", prix: 2500, quantite: 15, unite: 'flacon', image: 'catalogue/rose' },
          { code: 'HYG-0019', designation: 'Thiouraye (encens) 100 g', description: 'Encens traditionnel sénégalais, à brûler sur le charbon pour parfumer la maison.', prix: 1500, quantite: 30, unite: 'sachet', image: 'catalogue/diya-lamp' },
        ],
      },
    ],
  },
  {
    designation: 'Entretien de la maison',
    image: 'catalogue/broom',
    souscategories: [
      {
        designation: 'Lessive et linge',
        image: 'catalogue/t-shirt',
        produits: [
          { code: 'ENT-0001', designation: 'Lessive en poudre 900 g', description: 'Lessive en poudre pour le lavage à la main et en machine.', prix: 1200, quantite: 100, unite: 'sachet', image: 'catalogue/bubbles' },
          { code: 'ENT-0002', designation: 'Lessive en poudre 3 kg', description: 'Le grand format de lessive en poudre pour toute la famille.', prix: 3500, quantite: 40, unite: 'sac', image: 'catalogue/bubbles' },
          { code: 'ENT-0003', designation: 'Savon de ménage en barre 400 g', description: 'Savon de ménage pour le linge et la vaisselle.', prix: 400, quantite: 120, unite: 'pièce', image: 'catalogue/soap' },
          { code: 'ENT-0004', designation: 'Assouplissant 1 L', description: 'Assouplissant parfumé pour un linge doux et frais.', prix: 1500, quantite: 30, unite: 'bouteille', image: 'catalogue/t-shirt' },
        ],
      },
      {
        designation: 'Produits ménagers',
        image: 'catalogue/sponge',
        produits: [
          { code: 'ENT-0005', designation: 'Eau de javel 1 L', description: 'Eau de javel pour désinfecter sols et sanitaires. Tenir hors de portée des enfants.', prix: 500, quantite: 90, unite: 'bouteille', image: 'catalogue/droplet' },
          { code: 'ENT-0006', designation: 'Liquide vaisselle 750 ml', description: 'Liquide vaisselle au citron, dégraissant puissant.', prix: 1000, quantite: 70, unite: 'flacon', image: 'catalogue/fork-and-knife-with-plate' },
          { code: 'ENT-0007', designation: 'Nettoyant multi-usage 1 L', description: 'Nettoyant pour sols et surfaces, parfum pin.', prix: 1500, quantite: 40, unite: 'bouteille', image: 'catalogue/sparkles' },
          { code: 'ENT-0008', designation: 'Désinfectant ménager 1 L', description: 'Désinfectant concentré pour sols, toilettes et poubelles.', prix: 1800, quantite: 30, unite: 'bouteille', image: 'catalogue/test-tube' },
          { code: 'ENT-0009', designation: 'Éponges grattantes (lot de 3)', description: 'Éponges double face pour la vaisselle et les casseroles.', prix: 500, quantite: 80, unite: 'lot', image: 'catalogue/sponge' },
        ],
      },
      {
        designation: 'Ustensiles de ménage',
        image: 'catalogue/bucket',
        produits: [
          { code: 'ENT-0010', designation: 'Balai en paille', description: 'Balai traditionnel en fibres naturelles, pour la cour et la maison.', prix: 1000, quantite: 40, unite: 'pièce', image: 'catalogue/broom' },
          { code: 'ENT-0011', designation: 'Serpillière', description: 'Serpillière en coton épais, très absorbante.', prix: 750, quantite: 35, unite: 'pièce', image: 'catalogue/broom' },
          { code: 'ENT-0012', designation: 'Seau plastique 10 L', description: 'Seau robuste avec anse, pour le ménage et le linge.', prix: 1500, quantite: 25, unite: 'pièce', image: 'catalogue/bucket' },
          { code: 'ENT-0013', designation: 'Bassine plastique 40 L', description: 'Grande bassine pour la lessive à la main et la vaisselle.', prix: 3500, quantite: 15, unite: 'pièce', image: 'catalogue/bucket' },
          { code: 'ENT-0014', designation: 'Sacs poubelle 30 L (rouleau de 20)', description: 'Sacs poubelle résistants avec liens.', prix: 800, quantite: 60, unite: 'rouleau', image: 'catalogue/wastebasket' },
          { code: 'ENT-0015', designation: 'Gants de ménage', description: 'Gants en caoutchouc réutilisables, taille M.', prix: 750, quantite: 40, unite: 'paire', image: 'catalogue/gloves' },
        ],
      },
      {
        designation: 'Anti-moustiques',
        image: 'catalogue/mosquito',
        produits: [
          { code: 'ENT-0016', designation: 'Insecticide en aérosol 400 ml', description: 'Aérosol contre moustiques, mouches et cafards.', prix: 2000, quantite: 45, unite: 'aérosol', image: 'catalogue/mosquito' },
          { code: 'ENT-0017', designation: 'Spirales anti-moustiques (boîte de 10)', description: 'Spirales à brûler, sept heures de protection chacune.', prix: 500, quantite: 100, unite: 'boîte', image: 'catalogue/cyclone' },
          { code: 'ENT-0018', designation: 'Moustiquaire imprégnée 2 places', description: "Moustiquaire traitée à l'insecticide, pour un lit de deux places.", prix: 4500, quantite: 12, unite: 'pièce', image: 'catalogue/bed' },
        ],
      },
      {
        designation: 'Papier, éclairage et dépannage',
        image: 'catalogue/candle',
        produits: [
          { code: 'ENT-0019', designation: 'Papier toilette (lot de 4 rouleaux)', description: 'Papier toilette double épaisseur.', prix: 1200, quantite: 80, unite: 'lot', image: 'catalogue/roll-of-paper' },
          { code: 'ENT-0020', designation: 'Essuie-tout (lot de 2 rouleaux)', description: 'Essuie-tout absorbant pour la cuisine.', prix: 1200, quantite: 40, unite: 'lot', image: 'catalogue/roll-of-paper' },
          { code: 'ENT-0021', designation: 'Allumettes (lot de 10 boîtes)', description: "Boîtes d'allumettes pour le fourneau et le réchaud à gaz.", prix: 250, quantite: 100, unite: 'lot', image: 'catalogue/fire' },
          { code: 'ENT-0022', designation: 'Bougies (paquet de 6)', description: 'Bougies blanches longue durée, utiles en cas de coupure de courant.', prix: 600, quantite: 50, unite: 'paquet', image: 'catalogue/candle' },
          { code: 'ENT-0023', designation: 'Piles alcalines AA (lot de 4)', description: 'Piles alcalines longue durée pour télécommandes, torches et radios.', prix: 1500, quantite: 35, unite: 'lot', image: 'catalogue/battery' },
          { code: 'ENT-0024', designation: 'Charbon de bois (sac de 5 kg)', description: "Charbon de bois pour le fourneau, les grillades et l'ataya.", prix: 1750, quantite: 30, unite: 'sac', image: 'catalogue/wood' },
        ],
      },
    ],
  },
  {
    designation: 'Bébé',
    image: 'catalogue/baby-bottle',
    souscategories: [
      {
        designation: 'Repas de bébé',
        image: 'catalogue/baby-bottle',
        produits: [
          { code: 'BEB-0001', designation: 'Lait infantile 1er âge 400 g', description: "Lait pour nourrissons de 0 à 6 mois. L'allaitement maternel reste recommandé.", prix: 5500, quantite: 25, unite: 'boîte', image: 'catalogue/baby-bottle' },
          { code: 'BEB-0002', designation: 'Lait infantile 2e âge 400 g', description: 'Lait de suite pour bébés de 6 à 12 mois.', prix: 5500, quantite: 2, unite: 'boîte', image: 'catalogue/baby-bottle' },
          { code: 'BEB-0003', designation: 'Céréales infantiles 250 g', description: 'Céréales au lait pour bébé dès 6 mois, à préparer au biberon ou à la cuillère.', prix: 2500, quantite: 30, unite: 'boîte', image: 'catalogue/bowl-with-spoon' },
          { code: 'BEB-0004', designation: 'Petits pots aux fruits (lot de 4)', description: 'Purées de fruits sans sucre ajouté, dès 6 mois.', prix: 3000, quantite: 20, unite: 'lot', image: 'catalogue/jar' },
          { code: 'BEB-0005', designation: 'Biberon 250 ml', description: 'Biberon sans bisphénol A avec tétine en silicone.', prix: 2500, quantite: 15, unite: 'pièce', image: 'catalogue/baby-bottle' },
        ],
      },
      {
        designation: 'Change et toilette',
        image: 'catalogue/baby',
        produits: [
          { code: 'BEB-0006', designation: 'Couches taille 3 (paquet de 44)', description: "Couches pour bébés de 4 à 9 kg, jusqu'à 12 heures au sec.", prix: 5500, quantite: 30, unite: 'paquet', image: 'catalogue/baby' },
          { code: 'BEB-0007', designation: 'Couches taille 4 (paquet de 40)', description: 'Couches pour bébés de 7 à 18 kg, douces et absorbantes.', prix: 5500, quantite: 25, unite: 'paquet', image: 'catalogue/baby' },
          { code: 'BEB-0008', designation: 'Lingettes bébé (paquet de 72)', description: 'Lingettes douces sans alcool pour le change.', prix: 1500, quantite: 50, unite: 'paquet', image: 'catalogue/baby-symbol' },
          { code: 'BEB-0009', designation: 'Gel lavant bébé 500 ml', description: 'Gel lavant corps et cheveux, sans savon, pour la peau fragile de bébé.', prix: 2500, quantite: 20, unite: 'flacon', image: 'catalogue/bathtub' },
          { code: 'BEB-0010', designation: 'Crème pour le change 100 ml', description: "Crème protectrice à l'oxyde de zinc contre les irritations.", prix: 2000, quantite: 18, unite: 'tube', image: 'catalogue/lotion-bottle' },
        ],
      },
    ],
  },
  {
    designation: 'Snacks et confiseries',
    image: 'catalogue/popcorn',
    souscategories: [
      {
        designation: 'Apéritifs',
        image: 'catalogue/peanuts',
        produits: [
          { code: 'SNA-0001', designation: 'Arachides grillées salées 200 g', description: 'Arachides grillées à sec et légèrement salées.', prix: 500, quantite: 90, unite: 'sachet', image: 'catalogue/peanuts' },
          { code: 'SNA-0002', designation: 'Noix de cajou grillées 200 g', description: 'Noix de cajou de Casamance, grillées et salées.', prix: 2500, quantite: 30, unite: 'sachet', image: 'catalogue/chestnut' },
          { code: 'SNA-0003', designation: 'Chips de pommes de terre 150 g', description: "Chips croustillantes, salées juste ce qu'il faut.", prix: 900, quantite: 50, unite: 'sachet', image: 'catalogue/potato' },
          { code: 'SNA-0004', designation: 'Chips de banane plantain 100 g', description: 'Fines tranches de plantain frites, légèrement salées.', prix: 600, quantite: 40, unite: 'sachet', image: 'catalogue/banana' },
          { code: 'SNA-0005', designation: 'Pop-corn salé 100 g', description: 'Pop-corn éclaté et salé, prêt à déguster.', prix: 500, quantite: 45, unite: 'sachet', image: 'catalogue/popcorn' },
          { code: 'SNA-0006', designation: 'Biscuits apéritifs 100 g', description: "Petits bretzels croquants pour l'apéritif.", prix: 600, quantite: 35, unite: 'sachet', image: 'catalogue/pretzel' },
        ],
      },
      {
        designation: 'Confiseries',
        image: 'catalogue/candy',
        produits: [
          { code: 'SNA-0007', designation: "Croquants d'arachide 200 g", description: 'Nougat croquant aux arachides caramélisées.', prix: 700, quantite: 40, unite: 'sachet', image: 'catalogue/peanuts' },
          { code: 'SNA-0008', designation: 'Bonbons à la menthe (sachet de 100)', description: 'Bonbons durs à la menthe forte.', prix: 1000, quantite: 60, unite: 'sachet', image: 'catalogue/candy' },
          { code: 'SNA-0009', designation: 'Sucettes aux fruits (sachet de 50)', description: 'Sucettes multicolores aux parfums de fruits.', prix: 1500, quantite: 35, unite: 'sachet', image: 'catalogue/lollipop' },
          { code: 'SNA-0010', designation: 'Tablette de chocolat au lait 100 g', description: 'Chocolat au lait fondant. À conserver au frais.', prix: 1200, quantite: 40, unite: 'tablette', image: 'catalogue/chocolate-bar' },
          { code: 'SNA-0011', designation: 'Bonbons à la noix de coco 250 g', description: 'Confiseries artisanales à la noix de coco râpée et au sucre.', prix: 1000, quantite: 25, unite: 'sachet', image: 'catalogue/coconut' },
        ],
      },
    ],
  },
]

/** The storefront's home slides (3:1 images without text; titles are overlaid in HTML). */
export const CAROUSEL: Array<{ image: string; titre: string; description: string }> = [
  {
    image: 'banners/slide-fraicheur',
    titre: 'La fraîcheur du marché',
    description: 'Fruits et légumes des Niayes, livrés chez vous le jour même.',
  },
  {
    image: 'banners/slide-epicerie',
    titre: 'Toute votre épicerie',
    description: "Riz, huile, sucre, café Touba : l'essentiel de la cuisine sénégalaise en quelques clics.",
  },
  {
    image: 'banners/slide-poissonnerie',
    titre: 'Poisson frais du jour',
    description: 'Thiof, yaboye et crevettes, tout droit des quais de pêche.',
  },
  {
    image: 'banners/slide-livraison',
    titre: 'Livré partout à Dakar',
    description: 'Payez à la livraison ou par mobile money, et faites-vous livrer à domicile ou en dépôt.',
  },
]

export const PREFERENCES: {
  logo: string
  logo2: string
  email: string
  lieu: string
  promotion: string
  promotion2: string
  siteweb: string
  telephone: string
  telephone2: string
} = {
  logo: 'brand/logo',
  logo2: 'brand/logo2',
  email: 'contact@teranga.sn',
  lieu: 'Avenue Cheikh Anta Diop, Fann, Dakar',
  promotion: 'banners/promo-fruits',
  promotion2: 'banners/promo-fidelite',
  siteweb: 'https://teranga.sn',
  telephone: '+221 33 800 00 00',
  telephone2: '+221 77 000 00 00',
}

const span = (ouverture: string, fermeture: string) => ({ ouverture, fermeture })
/** The same hours every day, `sunday` null when closed then. */
const week = (open: string, close: string, sunday: ReturnType<typeof span> | null = span(open, close)): DepotHours => ({
  lun: span(open, close),
  mar: span(open, close),
  mer: span(open, close),
  jeu: span(open, close),
  ven: span(open, close),
  sam: span(open, close),
  dim: sunday,
})

/** Pick-up depots; coordinates are those of the named neighbourhoods, hours shown at checkout. */
export const DEPOTS: Array<{ designation: string; description: string; adresse: string; latitude: number; longitude: number; horaires: DepotHours }> = [
  {
    designation: 'Dépôt Plateau',
    description: 'Notre dépôt du centre-ville, ouvert de 8 h à 21 h, dimanche compris.',
    adresse: 'Rue Mohamed V, Plateau, Dakar',
    latitude: 14.6708,
    longitude: -17.4339,
    horaires: week('08:00', '21:00'),
  },
  {
    designation: 'Dépôt Sacré-Cœur',
    description: 'Retrait rapide près de la VDN, ouvert de 8 h à 21 h.',
    adresse: 'Sacré-Cœur 3, VDN, Dakar',
    latitude: 14.7205,
    longitude: -17.4662,
    horaires: week('08:00', '21:00'),
  },
  {
    designation: 'Dépôt Parcelles Assainies',
    description: "Dépôt des Parcelles, ouvert de 8 h à 21 h, parking devant l'entrée.",
    adresse: 'Unité 15, Parcelles Assainies, Dakar',
    latitude: 14.7636,
    longitude: -17.4395,
    horaires: week('08:00', '21:00'),
  },
  {
    designation: 'Dépôt Pikine',
    description: 'Dépôt de la banlieue, ouvert de 8 h à 20 h.',
    adresse: 'Route nationale 1, Pikine',
    latitude: 14.7547,
    longitude: -17.3936,
    horaires: week('08:00', '20:00'),
  },
  {
    designation: 'Dépôt Rufisque',
    description: 'Dépôt de Rufisque, ouvert de 8 h à 20 h, fermé le dimanche.',
    adresse: 'Route nationale 1, centre-ville, Rufisque',
    latitude: 14.7161,
    longitude: -17.2728,
    horaires: week('08:00', '20:00', null),
  },
]

export const PAYMENT_MODES: Array<{ designation: string; code: string; image: string; desc: string }> = [
  { designation: 'Paiement à la livraison', code: 'CASH', image: 'payments/cash', desc: 'Réglez en espèces au livreur ou au dépôt.' },
  { designation: 'Wave', code: 'WAVE', image: 'payments/wave', desc: 'Payez depuis votre application Wave, sans frais pour vous.' },
  { designation: 'Orange Money', code: 'OM', image: 'payments/om', desc: 'Validez le paiement avec votre compte Orange Money.' },
  { designation: 'Free Money', code: 'FREE', image: 'payments/free', desc: 'Validez le paiement avec votre compte Free Money.' },
  { designation: 'Carte bancaire', code: 'CARD', image: 'payments/card', desc: 'Payez en ligne par carte Visa ou Mastercard, en toute sécurité.' },
]

export const DELIVERY_MODES: Array<{ designation: string; code: string }> = [
  { designation: 'Livraison à domicile', code: 'DOMICILE' },
  { designation: 'Retrait en dépôt', code: 'RETRAIT' },
]

export const REWARD_TYPES: Array<{ code: 'LIVRAISON_GRATUITE' | 'REMISE_POURCENT'; designation: string }> = [
  { code: 'LIVRAISON_GRATUITE', designation: 'Livraison gratuite' },
  { code: 'REMISE_POURCENT', designation: 'Remise en pourcentage' },
]

/**
 * Loyalty tiers by points threshold. REMISE_POURCENT's valeur is the percentage off the goods;
 * LIVRAISON_GRATUITE's valeur is the percentage of the delivery fee waived (100 = all of it).
 */
export const PRIVILEGES: Array<{
  designation: string
  couleur: string
  point: number
  image: string
  recompenses: Array<{ type: 'LIVRAISON_GRATUITE' | 'REMISE_POURCENT'; valeur: number }>
}> = [
  { designation: 'Bronze', couleur: '#CD7F32', point: 0, image: 'privileges/bronze', recompenses: [] },
  {
    designation: 'Argent',
    couleur: '#A7A9AC',
    point: 100,
    image: 'privileges/argent',
    recompenses: [{ type: 'REMISE_POURCENT', valeur: 2 }],
  },
  {
    designation: 'Or',
    couleur: '#D4AF37',
    point: 300,
    image: 'privileges/or',
    recompenses: [
      { type: 'REMISE_POURCENT', valeur: 5 },
      { type: 'LIVRAISON_GRATUITE', valeur: 100 },
    ],
  },
  {
    designation: 'Platine',
    couleur: '#8E9AAF',
    point: 1000,
    image: 'privileges/platine',
    recompenses: [
      { type: 'REMISE_POURCENT', valeur: 10 },
      { type: 'LIVRAISON_GRATUITE', valeur: 100 },
    ],
  },
]

/** The demo's delivery slots (ADR 054): Monday (1) to Saturday (6), 09:00–12:00 and 15:00–18:00, 20 orders each, chosen up to 2 hours before. */
export const DEMO_SLOTS = [1, 2, 3, 4, 5, 6].flatMap((jour) => [
  { jour, debut: '09:00', fin: '12:00', capacite: 20, delaiMinutes: 120 },
  { jour, debut: '15:00', fin: '18:00', capacite: 20, delaiMinutes: 120 },
])
/** The zones the demo's slots serve: central Dakar (the 1 500 FCFA band of spec §9). */
export const DEMO_SLOT_ZONES = DELIVERY_FEES.find((band) => band.frais === 1500)!.zones
