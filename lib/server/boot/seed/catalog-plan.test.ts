import { planCatalog, planChapters } from './catalog-plan';

describe('demo catalogue plan', () => {
  const plan = planCatalog();

  it('is deterministic: the same seed gives the same catalogue and text', () => {
    const again = planCatalog();
    expect(again.novels.map((n) => [n.title, n.authorId, n.categoryId])).toEqual(
      plan.novels.map((n) => [n.title, n.authorId, n.categoryId]),
    );
    const novel = plan.novels[9]!;
    expect(planChapters(novel, plan.casts.get(novel.id)!, 1)).toEqual(planChapters(novel, again.casts.get(novel.id)!, 1));
  });

  it('a different seed gives a different catalogue', () => {
    expect(planCatalog(1).novels.map((n) => n.title)).not.toEqual(plan.novels.map((n) => n.title));
  });

  it('has at least 200 novels over at least 12 categories and both genders', () => {
    expect(plan.novels.length).toBeGreaterThanOrEqual(200);
    const used = new Set(plan.novels.map((n) => n.categoryId));
    expect(used.size).toBeGreaterThanOrEqual(12);
    expect(new Set(plan.novels.map((n) => n.gender))).toEqual(new Set([1, 2]));
  });

  it('has at least 15 Uyghur and 8 Tibetan novels, mostly Chinese', () => {
    const by = (lt: number) => plan.novels.filter((n) => n.languageType === lt).length;
    expect(by(0)).toBeGreaterThanOrEqual(15);
    expect(by(2)).toBeGreaterThanOrEqual(8);
    expect(by(1)).toBeGreaterThan(plan.novels.length / 2);
  });

  it('never offers listening for Tibetan novels (no Tibetan voice)', () => {
    expect(plan.novels.filter((n) => n.languageType === 2 && n.hasTts)).toEqual([]);
  });

  it('writes chapter text in the novel’s own script', () => {
    const [zh, ug, bo] = [1, 3, 4].map((id) => {
      const novel = plan.novels[id - 1]!;
      return planChapters(novel, plan.casts.get(id)!, 1)[0]!.content;
    });
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(ug).toMatch(/[\u0600-\u06ff]/);
    expect(ug).not.toMatch(/[\u4e00-\u9fff]/);
    expect(bo).toMatch(/[\u0f00-\u0fff]/);
  });

  it('prices paid chapters and leaves free ones at zero', () => {
    const novel = plan.novels[0]!;
    const chapters = planChapters(novel, plan.casts.get(1)!, 1);
    expect(chapters.slice(0, 20).every((c) => c.isFree && c.price === 0)).toBe(true);
    expect(chapters.slice(20).every((c) => !c.isFree && c.price >= 5)).toBe(true);
  });
});
