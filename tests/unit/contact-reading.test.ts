import { describe, expect, it } from 'vitest';
import { holdsContact, withContactOf } from '../../src/lib/contact-reading';

const sure = (text: string) => ({ text, confidence: 98 });

describe('withContactOf', () => {
  it('takes the e-mail address or website as the line recognizer read it, the rest of the line as tesseract did', () => {
    expect(
      withContactOf('Email: aishawilliams@southerncross.com', sure('Email: aisha.williams@southerncross.com')),
    ).toBe('Email: aisha.williams@southerncross.com');
    expect(withContactOf('邮箱 infol4@huachuang.com.cn', sure('邮箱info14@huachuang.com.cn'))).toBe(
      '邮箱 info14@huachuang.com.cn',
    );
    expect(withContactOf('W WWw.tulp-logistiek.n', sure('Wwww.tulp-logistiek.nl'))).toBe('W www.tulp-logistiek.nl');
  });

  it('leaves out a label the recognizer ran into the address, and then may have nothing to change', () => {
    expect(withContactOf('E e.martin@brightwater.co', sure('Ee.martin@brightwater.co'))).toBeNull();
    expect(withContactOf('E-mail zhoulei@jiahe.com.cn', sure('E-mailzhoulei@jiahe.com.cn'))).toBeNull();
    expect(withContactOf('E j-lai@tinghsin.com', sure('Ej.lai@tinghsin.com'))).toBe('E j.lai@tinghsin.com');
  });

  it('keeps tesseract’s reading when the recognizer is unsure, reads it too differently, or there is no address', () => {
    expect(
      withContactOf('Email: aishawilliams@southerncross.com', {
        text: 'aisha.williams@southerncross.com',
        confidence: 70,
      }),
    ).toBeNull();
    expect(withContactOf('Email : c.chiu@tiefyu-con', sure('Email:c.chu@lienyu.om'))).toBeNull();
    expect(withContactOf('Tel 2345 6789', sure('Tel23456789'))).toBeNull();
    expect(holdsContact('Tel 2345 6789')).toBe(false);
    expect(holdsContact('www.lienyu.com')).toBe(true);
  });
});
