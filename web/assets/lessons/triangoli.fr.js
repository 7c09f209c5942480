// Leçons de Triangoli, en français : the words of each lesson of the game's kit
// (crates/triangoli/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'setup',
      title: 'Le plateau et la mise en place',
      steps: [
        {
          text: 'Le plateau compte 24 triangles numérotés, regroupés par quatre en six secteurs par les lignes épaisses, et 19 intersections où se tiennent les pions. Le joueur 1 pose son pion en premier, sur n’importe quelle intersection ; le centre, c3, est un coin de six triangles, un dans chaque secteur.',
          goal: 'Posez votre pion en c3.',
          hint: 'c3 est au milieu de la rangée 3, là où se rejoignent toutes les lignes épaisses.',
        },
        {
          text: 'Le joueur 2 pose ensuite son pion sur une autre intersection. Un triangle est voisin d’une intersection quand celle-ci est l’un de ses trois coins. Chaque joueur garde aussi 18 cylindres à côté du plateau : sa réserve.',
          goal: 'Posez votre pion sur un coin du triangle 12.',
          hint: 'Le triangle 12 est à l’extrémité droite de la bande entre les rangées 2 et 3.',
        },
      ],
    },
    {
      id: 'moving',
      title: 'Déplacer le pion',
      steps: [
        {
          text: 'Un tour a trois parties : déplacer, poser, échanger. Votre pion avance de 1, 2 ou 3 pas en ligne droite le long des lignes, sans tourner ni quitter le plateau ; cliquez ensuite sur un triangle vide voisin pour y poser vos cylindres.',
          goal: 'Avancez votre pion de trois pas depuis a1, jusqu’en c4.',
          hint: 'Les lignes suivent les rangées et deux obliques : suivez l’oblique qui monte depuis a1.',
        },
        {
          text: 'Un pion ne peut ni traverser l’autre pion ni s’arrêter dessus : votre pion peut donc barrer une ligne. Le pion adverse en a3 peut aller le long de la rangée 3 en b3, c3 ou d3.',
          goal: 'Jouez de sorte que le pion adverse ne puisse pas atteindre d3 à son prochain tour.',
          hint: 'Placez-vous sur la rangée 3 entre a3 et d3 ; une oblique y mène depuis c5.',
        },
      ],
    },
    {
      id: 'placing',
      title: 'Poser des cylindres',
      steps: [
        {
          text: 'Après le déplacement, mettez exactement autant de cylindres de votre réserve que de pas faits dans un seul triangle vide voisin de votre pion. Un pas pose un cylindre ; trois pas en posent trois, tous dans le même triangle.',
          goal: 'Posez trois cylindres dans le triangle 14.',
          hint: 'Un coin du triangle 14 est sur la rangée 3, à trois pas de e3.',
        },
        {
          text: 'Vous ne pouvez pas aller plus loin que votre réserve ne le permet : avec deux cylindres restants, aucun déplacement de trois pas n’est permis. Et où qu’il s’arrête, votre pion doit être voisin d’au moins un triangle vide.',
          goal: 'Posez vos deux derniers cylindres.',
          hint: 'Faites exactement deux pas.',
        },
      ],
    },
    {
      id: 'exchange',
      title: 'Échanger',
      steps: [
        {
          text: 'Après avoir posé, vous échangez des cylindres adverses voisins de votre pion contre les vôtres, un par pas fait : chaque cylindre pris retourne dans la réserve de son propriétaire et un des vôtres, tiré de votre réserve, prend sa place. Plusieurs peuvent venir du même triangle.',
          goal: 'Échangez les deux cylindres adverses du triangle 2.',
          hint: 'Il vous faut deux pas, en finissant sur un coin libre du triangle 2.',
        },
        {
          text: 'Vous échangez autant de cylindres que de pas faits, mais jamais plus qu’il n’y en a autour de votre pion : arrêté en b3, à trois pas, vous n’échangeriez que le cylindre du triangle 8. Les cylindres peuvent venir de triangles différents.',
          goal: 'Échangez les cylindres adverses du triangle 8 et du triangle 9.',
          hint: 'Cherchez une intersection libre qui soit un coin des deux triangles.',
        },
        {
          text: 'Les cylindres que vous mettez en échange viennent de ce qui reste dans votre réserve après la pose. Avec quatre en réserve, trois pas en posent trois et n’en laissent qu’un pour échanger ; deux pas en laissent deux.',
          goal: 'Échangez deux cylindres adverses.',
          hint: 'Le triangle 14 contient deux cylindres adverses. N’allez pas plus loin qu’il ne faut pour l’atteindre.',
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Secteurs et majorités',
      steps: [
        {
          text: 'À la fin de la partie, chaque secteur compte à part : seul le joueur qui y a le plus de cylindres les garde. Les secteurs sont numérotés de 1 à 6 dans le sens inverse des aiguilles d’une montre à partir de celui en haut à droite ; le secteur 6 regroupe les triangles 5, 10, 11 et 12, où l’adversaire a un cylindre.',
          goal: 'Ayez plus de cylindres que l’adversaire dans le secteur 6 (triangles 5, 10, 11, 12).',
          hint: 'Un seul cylindre ne ferait qu’égaliser. Faites deux pas jusqu’à un coin d’un triangle du secteur 6.',
        },
        {
          text: 'Quand plusieurs triangles voisins de votre pion contiennent des cylindres adverses, vous choisissez lesquels échanger. Le secteur 4 regroupe les triangles 1, 6, 7 et 8 ; le secteur 3 les triangles 13, 14, 15 et 20.',
          goal: 'Ayez plus de cylindres que l’adversaire dans le secteur 4 (triangles 1, 6, 7, 8).',
          hint: 'Posez dans le secteur 4, et échangez aussi dans le secteur 4.',
        },
        {
          text: 'Chaque échange compte double dans un secteur : l’adversaire y a un cylindre de moins et vous un de plus. Un déplacement de trois pas pose trois cylindres et en échange jusqu’à trois.',
          goal: 'Ayez plus de cylindres que l’adversaire dans le secteur 3 (triangles 13, 14, 15, 20).',
          hint: 'Le triangle 20 contient trois cylindres adverses, et l’un de ses coins est à trois pas de b1.',
        },
        {
          text: 'Un seul tour peut changer deux secteurs : posez dans l’un et échangez dans l’autre. Le secteur 5 regroupe les triangles 2, 3, 4 et 9 ; le secteur 6 les triangles 5, 10, 11 et 12.',
          goal: 'Ayez plus de cylindres que l’adversaire à la fois dans le secteur 5 et dans le secteur 6.',
          hint: 'Cherchez une intersection voisine du triangle 4 qui touche aussi le secteur 6.',
        },
      ],
    },
    {
      id: 'passing',
      title: 'Passer',
      steps: [
        {
          text: 'Un joueur sans coup légal doit passer ; un joueur qui peut jouer ne peut pas passer. La réserve adverse est vide : l’adversaire ne peut donc pas jouer, sauf si vous lui rendez des cylindres, car l’échange est obligatoire dès que ses cylindres sont voisins de l’endroit où votre pion s’arrête.',
          goal: 'Laissez l’adversaire sans coup, pour qu’il doive passer.',
          hint: 'Arrêtez-vous à côté d’un triangle vide, mais à côté d’aucun cylindre adverse.',
        },
        {
          text: 'Un pion ne peut s’arrêter qu’à côté d’au moins un triangle vide. Autour de a3 presque tous les triangles sont occupés : le pion adverse peut encore suivre la rangée 3, ou aller en a2, à côté du triangle vide 7.',
          goal: 'Laissez l’adversaire sans coup, pour qu’il doive passer.',
          hint: 'Les deux issues doivent être fermées dans le même tour : la rangée 3 et le triangle 7.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fin de la partie',
      steps: [
        {
          text: 'La partie s’arrête quand aucun des deux joueurs ne peut jouer : quand les 24 triangles sont occupés, ou plus tôt. Les cylindres restés en réserve ne comptent pas. Le pion adverse en c1 ne peut aller qu’en b1, a1, c2, d2 ou e3.',
          goal: 'Terminez la partie avec ce tour.',
          hint: 'Barrez la route au pion en c1 et remplissez le triangle vide qu’il pourrait encore atteindre ; il ne doit pas non plus vous rester de cylindre.',
        },
        {
          text: 'La réserve adverse est vide. Si votre tour ne lui rend aucun cylindre et vous laisse vous aussi sans coup, la partie s’arrête aussitôt — et, en comptant secteur par secteur, vous menez de 14 cylindres à 13.',
          goal: 'Terminez la partie maintenant, en vainqueur.',
          hint: 'N’échangez rien : arrêtez-vous là où aucun cylindre adverse n’est voisin de votre pion.',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Le décompte',
      steps: [
        {
          text: 'Seul le triangle 20 est encore vide : le coup qui le remplit, quel qu’il soit, termine la partie. Puis, secteur par secteur, le joueur qui a le plus de cylindres les garde et ceux de l’autre sont retirés ; à égalité, tous sont retirés. Celui qui garde le plus de cylindres gagne.',
          goal: 'Remplissez le triangle 20 et gagnez.',
          hint: 'Comptez le secteur 3 (triangles 13, 14, 15, 20) : une égalité y retirerait aussi vos cylindres.',
        },
        {
          text: 'Une égalité retire d’un secteur les cylindres des deux joueurs : égaliser un secteur où l’adversaire mène retire donc ses cylindres du compte. Ici, chaque coup termine la partie.',
          goal: 'Terminez la partie en vainqueur.',
          hint: 'Regardez le secteur 2 (triangles 16, 21, 22, 23) : l’adversaire y a trois cylindres et vous aucun.',
        },
        {
          text: 'Si les deux joueurs gardent autant de cylindres, celui qui a gagné le plus de secteurs l’emporte ; un secteur à égalité ou vide n’est gagné par personne. Si c’est encore égal, la partie est nulle.',
          goal: 'Gagnez aux secteurs avec votre dernier cylindre, qui termine la partie.',
          hint: 'Les secteurs 5 et 6 sont tous deux à égalité, 3 à 3. Départagez celui que vous pouvez atteindre.',
        },
      ],
    },
  ],
};
