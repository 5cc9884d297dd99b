/** friend_card_info.company: a card's first company entry as one line, "name · position". */
export function companyLine(company: { name: string; position: string } | undefined): string {
  return [company?.name.trim(), company?.position.trim()].filter(Boolean).join(' · ');
}
