/** The catalogue's answers: their schemas are the contract's (packages/contract). */
export type {
  BlueOption,
  CatalogueList,
  CatalogueRecord,
  EquipmentProduct,
  Insurance,
  PriceRange,
  ProductSku,
  RelatedProduct,
  RenewalLines,
  SkuPrice,
  VepPrice,
} from '@andes/contract/answers';
