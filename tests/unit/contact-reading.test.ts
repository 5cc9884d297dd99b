import { describe, expect, it } from 'vitest';
import { domainsIn, holdsContact, withContactOf } from '../../src/lib/contact-reading';

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

  it('takes another domain only where the card bears it out or tesseract’s is no domain', () => {
    const read = 'E aho@easternrise.com.hk';
    // Another line of the card has the domain tesseract read.
    expect(withContactOf(read, sure('Eaho@eastermrise.com.hk'), domainsIn(['www.easternrise.com.hk']))).toBeNull();
    // Nothing says which: tesseract's stays.
    expect(withContactOf(read, sure('Eaho@eastermrise.com.hk'))).toBeNull();
    // The card's website bears the recognizer out.
    expect(
      withContactOf('W www.iakshun.com.hk', sure('Wwww.takshun.com.hk'), domainsIn(['florence.so@takshun.com.hk'])),
    ).toBe('W www.takshun.com.hk');
    // Tesseract's is no domain (no top-level domain, a letter no address has), even where the e-mail shares it.
    expect(withContactOf('sales@küanchun.tw', sure('sales@kuanchun.tw'))).toBe('sales@kuanchun.tw');
    expect(domainsIn(['cvandenberg@tulp-logistiek.n;', 'www.tulp-logistiek.nl']).has('tulp-logistiek.n')).toBe(false);
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
