import { describe, expect, it } from 'vitest';
import { withPlacesRead } from '../../src/lib/card-fields/places';

describe('withPlacesRead', () => {
  it("puts back a city's or a district's character OCR misread, on the mainland and in Taiwan", () => {
    expect(withPlacesRead('320桃圖市中堰區中華路二段380號')).toBe('320桃園市中壢區中華路二段380號');
    expect(withPlacesRead('南京市建部区中山北路93号创新大厦3705室')).toBe('南京市建邺区中山北路93号创新大厦3705室');
    expect(withPlacesRead('江苏省南京市建邮区江东中路989号')).toBe('江苏省南京市建邺区江东中路989号');
  });

  it('leaves places read right, and what is no city, as they are', () => {
    for (const address of [
      '台北市大安區敦化南路二段384號3樓',
      '106臺北市大安區敦化南路二段384號',
      '北京市朝阳区建国路88号',
      '苏州市昆山市前进路1号',
      '上海市淮海中路323号',
      '香港上環干諾道中141號',
      '上海市中科文化传媒有限公司',
    ])
      expect(withPlacesRead(address)).toBe(address);
  });
});
