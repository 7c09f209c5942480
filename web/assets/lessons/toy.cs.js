// Lekce hračky, česky: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Braní bodů",
      steps: [
        {
          text: "Tah vezme jeden bod a všechny body napravo od něj ve stejné řadě.",
          goal: "Vezměte celou řadu d najednou.",
          hint: "První bod řady vezme celou řadu.",
        },
        {
          text: "Kdo vezme poslední bod, vyhrává.",
          goal: "Vezměte oba zbývající body a vyhrajte.",
          hint: "V řadě b jsou ještě dva body.",
        },
      ],
    },
    {
      id: "winning",
      title: "Vítězný tah",
      steps: [
        {
          text: "Nechte řady, jejichž velikosti mají nulový exkluzivní součet, a při nejlepší hře vyhrajete.",
          goal: "Nechte řady vyvážené.",
          hint: "Řady 1, 2 a 3 se už vzájemně vyvažují.",
        },
      ],
    },
  ],
};
