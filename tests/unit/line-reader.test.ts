import { describe, expect, it } from 'vitest';
import { ctcDecode, dictionary, INPUT_HEIGHT, inScript, lineInput, lineReader } from '../../src/lib/line-reader';

/** Scores with one likeliest class a step (the rest share what is left). */
function scores(path: number[], classes: number, p = 0.9) {
  const probs = new Float32Array(path.length * classes).fill((1 - p) / (classes - 1));
  path.forEach((c, t) => {
    probs[t * classes + c] = p;
  });
  return { probs, steps: path.length, classes };
}

describe('line reader', () => {
  const chars = dictionary('罗\n海\n燕\n');

  it('makes the classes from the dictionary: a blank first, a space last', () => {
    expect(chars).toEqual(['', '罗', '海', '燕', ' ']);
    expect(dictionary('a\r\nb')).toEqual(['', 'a', 'b', ' ']);
  });

  it('decodes greedily: repeats merged, blanks dropped, a character twice when a blank parts them', () => {
    const decoded = ctcDecode(scores([0, 1, 1, 0, 2, 2, 2, 0, 3, 0], 5), chars);
    expect(decoded.text).toBe('罗海燕');
    expect(decoded.confidence).toBeCloseTo(90);
    expect(ctcDecode(scores([2, 0, 2], 5), chars).text).toBe('海海');
    expect(ctcDecode(scores([4, 1, 4, 4, 2, 4], 5), chars).text).toBe('罗 海');
    expect(ctcDecode(scores([0, 0], 5), chars)).toEqual({ text: '', confidence: 0 });
  });

  it('scales a line to the model’s height, its shape kept, grey in [-1, 1] in three planes', () => {
    const gray = { data: new Uint8ClampedArray(200 * 100).fill(255), width: 200, height: 100 };
    for (let x = 50; x < 150; x++) for (let y = 40; y < 60; y++) gray.data[y * 200 + x] = 0;
    const line = lineInput(gray, { x0: 50, y0: 40, x1: 150, y1: 60 });
    if (!line) throw new Error('no input');
    // 100 × 20 padded by 3 on each side: 106 × 26, so 48 high and 196 wide.
    expect(line.width).toBe(Math.ceil((INPUT_HEIGHT * 106) / 26));
    const plane = INPUT_HEIGHT * line.width;
    expect(line.input).toHaveLength(3 * plane);
    const middle = (INPUT_HEIGHT / 2) * line.width + Math.floor(line.width / 2);
    expect(line.input[middle]).toBe(-1);
    expect(line.input[plane + middle]).toBe(-1);
    expect(line.input[0]).toBe(1);
    // A box off the picture has no area.
    expect(lineInput(gray, { x0: 300, y0: 10, x1: 310, y1: 30 })).toBeNull();
  });

  it('reads a line with its model', async () => {
    const widths: number[] = [];
    const read = lineReader(
      [
        async (_input, width) => {
          widths.push(width);
          return scores([1, 2, 3], 5, 0.8);
        },
      ],
      chars,
    );
    const gray = { data: new Uint8ClampedArray(100 * 50), width: 100, height: 50 };
    const reading = await read(gray, { x0: 10, y0: 10, x1: 90, y1: 30 });
    expect(reading?.text).toBe('罗海燕');
    expect(reading?.confidence).toBeCloseTo(80);
    expect(widths).toHaveLength(1);
  });

  it('reads lines asked for at once on every copy of the model, each answer to its own line, in the order asked', async () => {
    type Run = { copy: string; width: number; finish: () => void };
    const running: Run[] = [];
    const copy = (name: string) => (_input: Float32Array, width: number) =>
      new Promise<ReturnType<typeof scores>>((resolve) => {
        // The line's width tells the lines apart: 罗 for the narrow one, 海 and 燕 for the others.
        const path = width < 100 ? [1] : width < 200 ? [2] : [3];
        running.push({ copy: name, width, finish: () => resolve(scores(path, 5)) });
      });
    const read = lineReader([copy('a'), copy('b')], chars);
    const gray = { data: new Uint8ClampedArray(400 * 50), width: 400, height: 50 };
    const box = (width: number) => ({ x0: 0, y0: 10, x1: width, y1: 30 });
    const readings = [read(gray, box(30)), read(gray, box(60)), read(gray, box(200))];
    await expect.poll(() => running.length).toBe(2);
    // Two copies: the first two lines run at once, one on each; the third waits for a copy.
    expect(running.map((r) => r.copy).sort()).toEqual(['a', 'b']);
    running[1]?.finish();
    await expect.poll(() => running.length).toBe(3);
    expect(running[2]?.copy).toBe(running[1]?.copy);
    running[0]?.finish();
    running[2]?.finish();
    expect((await Promise.all(readings)).map((r) => r?.text)).toEqual(['罗', '海', '燕']);
  });

  it('gives Traditional forms on a Traditional card and leaves a Simplified one as it is', () => {
    expect(inScript('萧伟 张美玲 华创科技有限公司', 'traditional')).toBe('蕭偉 張美玲 華創科技有限公司');
    expect(inScript('萧伟', 'simplified')).toBe('萧伟');
    expect(inScript('鄧曉彤', 'traditional')).toBe('鄧曉彤');
    // Forms Traditional cards print too, OpenCC's old standard forms, and what tesseract read.
    expect(inScript('台北市大安区龙门里 范伟 恒发 新峰', 'traditional')).toBe('台北市大安區龍門里 范偉 恒發 新峰');
    expect(inScript('后', 'traditional')).toBe('後');
    expect(inScript('后', 'traditional', '皇后大道')).toBe('后');
  });
});
