import { useTranslation } from 'react-i18next';
import { ActionSheet } from '../ActionSheet';

/** The choice of file to export cloud cards to (a card, or a group's): a vCard or a CSV file. */
export function ExportFormatSheet(props: {
  title: string;
  onSelect: (format: 'vcf' | 'csv') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      title={props.title}
      items={[
        { key: 'vcf', label: t('cloud.card.exportVcf') },
        { key: 'csv', label: t('cloud.card.exportCsv') },
      ]}
      cancelLabel={t('cloud.card.cancel')}
      onSelect={(key) => props.onSelect(key === 'vcf' ? 'vcf' : 'csv')}
      onCancel={props.onCancel}
    />
  );
}
