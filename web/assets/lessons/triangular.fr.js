// Leçons de Triangular, en français : the words of each lesson of the game's kit
// (crates/triangular/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Poser une pièce',
      steps: [
        {
          text: 'La pièce rouge est posée sur la case 0,0 d’une table illimitée de cases triangulaires. Blanc commence ; chaque joueur a 24 pièces. Une pièce se pose sur une case vide qui partage un côté entier avec une pièce déjà posée, la rouge comprise, et on ne peut pas passer. La case x,y pointe vers le haut quand x + y est pair : la pièce rouge pointe vers le haut, ses côtés sont donc à gauche, à droite et en bas.',
          goal: 'Posez une pièce contre le côté inférieur de la pièce rouge.',
          hint: 'Deux des cases en surbrillance sont à côté de la pièce rouge, dans sa rangée.',
        },
        {
          text: 'Un coin ne suffit pas. La case 0,1, au-dessus de la pièce rouge, ne touche celle-ci et la pièce blanche 1,0 que par des coins : personne ne peut encore y poser. La case 1,0 pointe vers le bas : son côté horizontal est en haut.',
          goal: 'Rendez la case 0,1 jouable.',
          hint: 'Une case s’ouvre quand une pièce est posée contre l’un de ses côtés. Quelle case de la rangée 1 peut-on atteindre maintenant ?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Marquer un triangle',
      steps: [
        {
          text: 'Trois de vos pièces aux coins d’un triangle équilatéral plus grand rapportent la longueur de son côté. Le plus petit, de côté 2, a ses deux coins du bas à deux cases l’un de l’autre dans une rangée et son sommet une rangée plus haut, à mi-chemin.',
          goal: 'Complétez un triangle de côté 2 et marquez 2 points.',
          hint: 'Les pièces blanches 4,0 et 6,0 sont deux coins du bas.',
        },
        {
          text: 'La pièce posée peut être n’importe quel coin : le sommet, ou l’un ou l’autre bout du côté du bas. Noir a pris 5,1, mais Blanc tient un autre sommet.',
          goal: 'Marquez encore 2 points.',
          hint: 'La pièce blanche 7,1 est le sommet au-dessus de 6,0 et d’une autre case.',
        },
      ],
    },
    {
      id: 'pointing-down',
      title: 'Triangles pointant vers le bas',
      steps: [
        {
          text: 'Les triangles pointent aussi vers le bas. Leurs coins sont des cases qui pointent vers le bas (x + y impair) : les deux bouts du côté du haut dans une rangée, et le coin du bas, à mi-chemin en dessous.',
          goal: 'Complétez un triangle qui pointe vers le bas.',
          hint: 'Les pièces blanches 1,0 et 3,0 pointent toutes deux vers le bas.',
        },
        {
          text: 'Au tour de Noir. Ici le coin du bas est déjà posé : la pièce noire 4,-1 est sous 3,0 et une autre case.',
          goal: 'Marquez 2 points pour Noir avec un triangle qui pointe vers le bas.',
          hint: 'Le côté du haut suit la rangée 0, long de deux cases.',
        },
      ],
    },
    {
      id: 'bigger',
      title: 'Des triangles plus grands',
      steps: [
        {
          text: 'Un triangle de côté n rapporte n points : ses coins du bas sont à 2n − 2 cases l’un de l’autre, son sommet n − 1 rangées plus haut. Ce qu’il y a à l’intérieur ne compte pas — ici les pièces noires 5,0, 6,0 et 7,0 et une case vide.',
          goal: 'Marquez 3 points avec une seule pièce.',
          hint: 'Les pièces blanches 4,0 et 8,0 sont à quatre cases l’une de l’autre : regardez deux rangées plus haut.',
        },
        {
          text: 'Au tour de Noir. Un triangle de côté 3 qui pointe vers le bas peut contenir n’importe quoi, même la pièce rouge : seuls ses coins comptent. Une case rapporte 2 points ici, une autre davantage.',
          goal: 'Marquez 3 points pour Noir avec une seule pièce.',
          hint: 'Les pièces noires -1,0 et 3,0 pointent toutes deux vers le bas, à quatre cases l’une de l’autre.',
        },
      ],
    },
    {
      id: 'several',
      title: 'Plusieurs triangles à la fois',
      steps: [
        {
          text: 'Une pièce peut compléter plusieurs triangles à la fois, dans des directions différentes, et chacun d’eux marque.',
          goal: 'Complétez deux triangles avec une seule pièce.',
          hint: 'Les pièces blanches 5,1 et 7,1 sont des sommets ; une case vide se trouve sous les deux.',
        },
        {
          text: 'Des triangles de tailles différentes peuvent aussi partager un coin. Ici 6,0 rapporte encore 4 points, mais une autre case rapporte plus.',
          goal: 'Marquez 5 points avec une seule pièce.',
          hint: 'Cherchez une case qui soit le sommet de deux triangles, l’un dans l’autre.',
        },
      ],
    },
    {
      id: 'red-triangle',
      title: 'Le triangle rouge',
      steps: [
        {
          text: 'La pièce rouge n’est à personne, mais elle peut être un coin. Complétez un triangle dont les deux autres coins sont la pièce rouge et une de vos pièces, et vous gagnez aussitôt, quel que soit le score. Ce triangle-là ne rapporte rien.',
          goal: 'Gagnez aussitôt avec un triangle sur la pièce rouge.',
          hint: 'La pièce rouge 0,0 et la pièce blanche 2,0 sont à deux cases l’une de l’autre dans la rangée 0.',
        },
        {
          text: 'Au tour de Noir. La pièce rouge peut être n’importe quel coin du triangle, le sommet aussi.',
          goal: 'Gagnez aussitôt pour Noir.',
          hint: 'La pièce rouge 0,0 peut être le sommet au-dessus de la pièce noire -1,-1.',
        },
        {
          text: 'Un triangle formé de la pièce rouge, d’une de vos pièces et d’une pièce adverse ne fait rien. Ici les deux joueurs attendent un triangle rouge, et c’est à Blanc de jouer.',
          goal: 'Gagnez aussitôt.',
          hint: '-1,1 relierait la pièce rouge à la pièce noire -2,0 : pas de victoire pour Blanc.',
        },
      ],
    },
    {
      id: 'defending',
      title: 'Arrêter un triangle rouge',
      steps: [
        {
          text: 'Surveillez les triangles rouges de l’adversaire : si sa prochaine pièce peut en compléter un, prenez cette case d’abord.',
          goal: 'Ne laissez à Noir aucun triangle avec la pièce rouge.',
          hint: 'La pièce noire 2,0 et la pièce rouge attendent un troisième coin.',
        },
        {
          text: 'Les triangles rouges plus grands menacent aussi, et les points ne valent rien une fois la partie perdue : une case rapporte ici 2 points à Blanc, mais Noir gagne ensuite.',
          goal: 'Ne laissez à Noir aucun triangle avec la pièce rouge.',
          hint: 'La pièce rouge peut être le sommet d’un triangle de côté 3 au-dessus de la pièce noire -2,-2.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fin de partie',
      steps: [
        {
          text: 'Quand les 48 pièces sont posées, le meilleur score gagne. Blanc a posé ses 24 pièces et mène 16 à 13 ; la dernière pièce de Noir décide.',
          goal: 'Gagnez aux points avec la dernière pièce de Noir.',
          hint: 'Noir a besoin de 4 points : il manque à un triangle de côté 4 son coin en bas à droite.',
        },
        {
          text: 'À égalité, c’est un match nul. Blanc mène 18 à 12, et aucune case ne rapporte 7 points à Noir.',
          goal: 'Obtenez le match nul avec la dernière pièce de Noir.',
          hint: 'Une seule case rapporte 6 points : elle complète deux triangles, de côté 4 et 2.',
        },
        {
          text: 'Un triangle rouge termine la partie aussitôt, même avec la 48e pièce et quel que soit le score ; les autres triangles complétés par la même pièce marquent quand même. Blanc mène 19 à 5.',
          goal: 'Gagnez avec la dernière pièce de Noir.',
          hint: 'La pièce noire 1,1 est le sommet au-dessus de la pièce rouge et d’une case vide.',
        },
      ],
    },
  ],
};
