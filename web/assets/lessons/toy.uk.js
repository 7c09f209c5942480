// Уроки іграшки, українською: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Брати точки",
      steps: [
        {
          text: "Хід бере одну точку і всі точки праворуч від неї в тому ж ряду.",
          goal: "Візьми весь ряд d одразу.",
          hint: "Перша точка ряду бере весь ряд.",
        },
        {
          text: "Хто бере останню точку, той виграє.",
          goal: "Візьми обидві точки, що лишилися, і виграй.",
          hint: "У ряду b ще дві точки.",
        },
      ],
    },
    {
      id: "winning",
      title: "Виграшний хід",
      steps: [
        {
          text: "Залиш ряди, розміри яких дають нульове виключне «або», і за найкращої гри ти виграєш.",
          goal: "Залиш ряди врівноваженими.",
          hint: "Ряди з 1, 2 і 3 точок уже врівноважують одне одного.",
        },
      ],
    },
  ],
};
